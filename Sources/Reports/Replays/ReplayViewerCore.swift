import HTMLText

/// The replay viewer's core, shared by the stand-alone replay page (``ReplayViewerScript``)
/// and the packed replays' viewer (``ReplayViewerPackScript``): one script for both boards,
/// the steps, the buttons, the slider and the keys.
///
/// The script is `replay-viewer-core.js` beside this file, embedded at build time. It defines
/// `salvoReplayViewer(root, $)`, which draws both boards on a page with the replay controls and
/// boards (``ReplayPage/controlsAndBoards(steps:title:)``), steps through the moves, and answers
/// the buttons, the slider and the keys; it returns `show(replay, at)` (draws `replay`, a replay
/// as results.json's schema has it, at move `at`), `clear()`, `go(n)` and `pause()`. Outside
/// text goes in through `textContent`.
enum ReplayViewerCore {
    /// The core's source.
    static let source = Markup.resource(PackageResources.replay_viewer_core_js)

    /// The line a viewer's script holds where the core goes.
    static let includeLine = "/* salvo:include replay-viewer-core.js */"

    /// `script` (a viewer's file, embedded) with its ``includeLine`` replaced by the core, so
    /// the core is written once and each viewer's file reads as whole JavaScript around it.
    static func including(_ script: [UInt8]) -> Markup {
        var text = Markup.resource(script).text
        if let line = text.range(of: includeLine) { text.replaceSubrange(line, with: source.text) }
        return .trusted(text)
    }
}
