import Foundation
import HTMLText

/// The report's one replay viewer, `replays/viewer.html`: opened as `viewer.html#game=N` it
/// loads the pack that holds game N (``ReplayPack``, a script file beside it, so it works from
/// `file://` with no server and no network), then shows both boards and steps through the
/// moves as a stand-alone replay page (``ReplayPage``) does; `#game=N&move=M` opens it at move
/// M (`#game=N&shot=M`, the form of Salvo 0.3's links, too). Its size does not grow with the
/// run: the games live in the packs.
///
/// DOM contract (read by the browser tests): the root `<main id="replay">` carries
/// `data-game` (the game shown), `data-state` (`loading`, `ready` or `missing`), `data-step`
/// and `data-steps`, as on a replay page; `id="game-title"` is the heading,
/// `id="outcome"` the outcome, `id="slider"`, `id="step-label"`, `id="board-0"` and
/// `id="board-1"` as on a replay page; `id="game-number"` and `id="open-game"` open another
/// game; `a#previous-game` and `a#next-game` step through the schedule. Outside text reaches
/// the page only through `textContent`.
public enum ReplayViewerPage {
    /// The viewer of a run named `tournament` whose games' indices run below `indexLimit`.
    public static func render(tournament: String, indexLimit: Int) -> String {
        let page: Markup = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width,initial-scale=1">
            <title>Replays · \(tournament)</title>
            <style>\(PageStyle.css)\(ReplayPage.viewerCSS)\(css)</style></head>
            <body><main id="replay" data-game="" data-state="loading" data-step="0" data-steps="0" \
            data-pack-size="\(ReplayPack.gamesPerPack)" data-index-limit="\(indexLimit)" data-tournament="\(tournament)">
            <header>
            <p class="meta"><a href="../\(ReportLayout.index)">← \(tournament)</a></p>
            <nav class="games meta"><a id="previous-game" href="#">← previous game</a> \
            <form id="open-form"><label>Game <input id="game-number" type="number" min="0" inputmode="numeric"></label> \
            <button type="submit" id="open-game">Open</button></form> <a id="next-game" href="#">next game →</a></nav>
            <h1 id="game-title">Replay</h1>
            <p class="meta" id="game-meta"></p>
            <p class="outcome" id="outcome"></p>
            </header>
            \(ReplayPage.controlsAndBoards(steps: 0) { seat in "<span id=\"name-\(seat)\"></span>" })
            </main>
            <script>\(ReplayViewerPackScript.source)</script>
            </body></html>

            """
        return page.text
    }

    /// The packed viewer's own style (replay-viewer-pack.css), after ``ReplayPage/viewerCSS``.
    static let css = Markup.resource(PackageResources.replay_viewer_pack_css)
}
