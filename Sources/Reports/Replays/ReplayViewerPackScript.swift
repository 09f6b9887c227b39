import HTMLText

/// The script of the packed replays' viewer (``ReplayViewerPage``): reads `#game=N&move=M` (or
/// `&shot=M`), loads `pack-NNNN.js` as a script (``ReplayPack``), rebuilds the game's replay from the pack
/// and steps through it as a replay page does. Outside text goes in through `textContent` only.
/// The script is `replay-viewer-pack.js`, embedded at build time.
enum ReplayViewerPackScript {
    /// The script, the core included.
    static let source = ReplayViewerCore.including(PackageResources.replay_viewer_pack_js)
}
