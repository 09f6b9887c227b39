import HTMLText

extension LivePage {
    /// Draws a snapshot and keeps the page current from `events`. An `EventSource` reconnects
    /// by itself (sending `Last-Event-ID`), and the server answers every connection with the
    /// whole current board, so a browser that was away catches up at once. The script is
    /// `live-page.js`, embedded at build time.
    static let script = Markup.resource(PackageResources.live_page_js)
}
