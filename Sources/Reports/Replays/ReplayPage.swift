import Foundation
import HTMLText

/// A replay viewer page (`replays/NNNN.html`, or `salvo replay --format html`): both boards,
/// step forward and back, play and pause with a speed, a slider and keys. Self-contained:
/// CSS, script and data are inline, nothing is fetched, it works from file://.
///
/// DOM contract (read by the browser tests): the root `id="replay"` carries `data-step`
/// (moves shown, 0 before the first) and `data-steps` (the game's moves: both seats' shots),
/// kept current by the script; keys ArrowRight/ArrowLeft step, Space plays or pauses, Home/End
/// go to the ends; `id="slider"` is an `<input type="range">`; `id="step-label"` reads "Move 12
/// of 87" (a count of both seats' shots is "moves"; "shots" counts one player's, as the
/// outcome's "won by sinking the fleet in 44 shots");
/// `id="board-0"` is seat 0's fleet with the shots fired at it, `id="board-1"` seat 1's.
/// Outside text reaches the page escaped, or through the embedded data (with `<` written
/// `\u003c`) and `textContent`, never as markup.
public enum ReplayPage {
    /// The viewer page of `replay`; `indexLink` is the way back to the tournament's page
    /// (`../index.html` inside a report folder), or nil for a stand-alone export.
    public static func render(_ replay: ReplayDocument, indexLink: String?) -> String {
        String(decoding: bytes(replay, indexLink: indexLink), as: UTF8.self)
    }

    /// ``render(_:indexLink:)`` as UTF-8 bytes, the form files are written in.
    public static func bytes(_ replay: ReplayDocument, indexLink: String?) -> [UInt8] {
        let names = replay.players.map(\.bot)
        let name = { (seat: Int) in names.indices.contains(seat) ? names[seat] : "seat \(seat)" }
        let steps = replay.shots.count
        var html: Markup = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width,initial-scale=1">
            <title>Game \(replay.index): \(name(0)) vs \(name(1)) · \(replay.tournament)</title>
            <style>\(PageStyle.css)\(viewerCSS)</style></head>
            <body><main id="replay" data-step="0" data-steps="\(steps)">
            <header>
            """
        if let indexLink { html += "<p class=\"meta\"><a href=\"\(indexLink)\">← \(replay.tournament)</a></p>" }
        html += """
            <h1>\(name(0)) <span class="meta">vs</span> \(name(1))</h1>
            <p class="meta">Game \(replay.index) of \(replay.tournament) · \(replay.gameName)\(replay.gameId.isEmpty ? Markup() : " · id <code>\(replay.gameId)</code>")\(versions(replay)) · \
            started \(IndexPage.timestamp(replay.startedAt)) · \(replay.durationMilliseconds / 1000).\(replay.durationMilliseconds % 1000 / 100) s</p>
            <p class="outcome" id="outcome">\(outcome(replay))</p>
            </header>
            \(controlsAndBoards(steps: steps) { seat in Markup(escaping: name(seat)) })
            </main>
            <script type="application/json" id="replay-data">
            """
        var page = ByteBuffer(capacity: html.utf8.count + replay.shots.count * 70 + 8_000)
        page.append(html.text)
        page.append(bytes: HTML.scriptJSON(ReplayJSONWriter.bytes(replay, pretty: false)))
        page.append(Self.tail.text)
        return page.bytes
    }

    /// The controls, both boards and the legend, as every replay viewer shows them (this
    /// page and ``ReplayViewerPage``); `title` gives a seat's name in its board's heading.
    static func controlsAndBoards(steps: Int, title: (Int) -> Markup) -> Markup {
        """
        <section class="controls" aria-label="Replay controls">
        <div class="buttons">
        <button type="button" id="first" title="First (Home)" aria-label="First">|◀</button>
        <button type="button" id="back" title="Back (←)" aria-label="Back">◀</button>
        <button type="button" id="play" title="Play / pause (Space)" aria-label="Play">Play</button>
        <button type="button" id="forward" title="Forward (→)" aria-label="Forward">▶</button>
        <button type="button" id="last" title="Last (End)" aria-label="Last">▶|</button>
        <label class="speed">Speed <select id="speed">
        <option value="1">1 move/s</option><option value="2">2 moves/s</option><option value="5" selected>5 moves/s</option>\
        <option value="10">10 moves/s</option><option value="25">25 moves/s</option></select></label>
        </div>
        <input type="range" id="slider" min="0" max="\(steps)" value="0" step="1" aria-label="Move">
        <p><span id="step-label">Move 0 of \(steps)</span> · <span id="shot-info">Before the first move.</span></p>
        </section>
        <div class="boards">
        <section class="board-card"><h2>\(title(0))'s fleet <span class="meta">seat 0, moved first</span></h2>\
        <div class="board" id="board-0" aria-label="Seat 0's board"></div><p class="meta" id="tally-0"></p></section>
        <section class="board-card"><h2>\(title(1))'s fleet <span class="meta">seat 1</span></h2>\
        <div class="board" id="board-1" aria-label="Seat 1's board"></div><p class="meta" id="tally-1"></p></section>
        </div>
        <p class="note legend"><span class="key s"></span> ship <span class="key h"></span> hit <span class="key k"></span> sunk \
        <span class="key m"></span> miss <span class="key l"></span> last shot · keys: ← → step, Space play/pause, Home/End.</p>
        """
    }

    /// The end of every page: the viewer's script.
    static let tail: Markup = "</script>\n<script>\(ReplayViewerScript.source)</script>\n</body></html>\n"

    /// ` · alice version 3f9c2a1b7d04, bob version 77e0c1d2a9b3`: the version that played
    /// each seat of a season's game (text, escaped where it is written); empty when no seat has one.
    static func versions(_ replay: ReplayDocument) -> String {
        let named = replay.players.compactMap { player in player.version.map { player.bot + " version " + $0 } }
        return named.isEmpty ? "" : " · " + named.joined(separator: ", ")
    }

    /// The outcome in a sentence.
    static func outcome(_ replay: ReplayDocument) -> Markup {
        let outcome = replay.outcome
        let winner = outcome.winner ?? "?"
        let shots = outcome.winnerSeat.map { seat in replay.shots.filter { $0.seat.index == seat }.count } ?? 0
        switch outcome.termination {
        case "win":
            return "<b>\(winner)</b> won by sinking the fleet in \(shots) shots."
        case "forfeit":
            let kind = outcome.forfeitKind.map { " (\($0))" } ?? ""
            return "<b>\(winner)</b> won by forfeit\(kind): \(outcome.reason ?? "no reason given")"
        default:
            return "No result: \(outcome.reason ?? "no reason given")"
        }
    }

    /// The replay viewers' style (replay-viewer.css), after ``PageStyle/css``.
    static let viewerCSS = Markup.resource(PackageResources.replay_viewer_css)
}
