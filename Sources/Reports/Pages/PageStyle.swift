import HTMLText

/// The one style sheet of every report page, inlined in each (pages open from file:// and
/// fetch nothing). Readable from 375 px wide up; follows the system's dark mode.
///
/// The sheet is `page.css` beside this file, embedded in the binary at build time (SwiftPM's
/// `.embedInCode`): the static binary writes a report with no file beside it.
public enum PageStyle {
    /// The style sheet, for a `<style>` element.
    public static let css = Markup.resource(PackageResources.page_css)
}
