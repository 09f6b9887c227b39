import HTMLText

/// The replay page's script, inlined in every stand-alone replay page: it reads the page's
/// embedded replay (`#replay-data`) and shows it with the viewer's core
/// (``ReplayViewerCore``), at shot N for `#N`. The script is `replay-page.js`, embedded at
/// build time.
enum ReplayViewerScript {
    /// The script, the core included.
    static let source = ReplayViewerCore.including(PackageResources.replay_page_js)
}
