import Foundation
import HTMLText

/// A replay viewer page (`replays/NNNN.html`, or `salvo replay --format html`): both boards,
/// step forward and back, play and pause with a speed, a slider and keys. Self-contained:
/// CSS, script and data are inline, nothing is fetched, it works from file://.
///
/// DOM contract (read by the browser tests): the root `id="replay"` carries `data-step`
/// (shots shown, 0 before the first) and `data-steps` (all shots), kept current by the
/// script; keys ArrowRight/ArrowLeft step, Space plays or pauses, Home/End go to the ends;
/// `id="slider"` is an `<input type="range">`; `id="step-label"` reads "Shot 12 of 87";
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
        let name = { (seat: Int) in HTML.escape(names.indices.contains(seat) ? names[seat] : "seat \(seat)") }
        let steps = replay.shots.count
        var html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width,initial-scale=1">
        <title>Game \(replay.index): \(name(0)) vs \(name(1)) · \(HTML.escape(replay.tournament))</title>
        <style>\(PageStyle.css)\(viewerCSS)</style></head>
        <body><main id="replay" data-step="0" data-steps="\(steps)">
        <header>
        """
        if let indexLink { html += "<p class=\"meta\"><a href=\"\(HTML.escape(indexLink))\">← \(HTML.escape(replay.tournament))</a></p>" }
        html += """
        <h1>\(name(0)) <span class="meta">vs</span> \(name(1))</h1>
        <p class="meta">Game \(replay.index) of \(HTML.escape(replay.tournament)) · \(HTML.escape(replay.gameName))\(replay.gameId.isEmpty ? "" : " · id <code>\(HTML.escape(replay.gameId))</code>")\(versions(replay)) · \
        started \(IndexPage.timestamp(replay.startedAt)) · \(replay.durationMilliseconds / 1000).\(replay.durationMilliseconds % 1000 / 100) s</p>
        <p class="outcome" id="outcome">\(outcome(replay))</p>
        </header>
        \(controlsAndBoards(steps: steps) { seat in name(seat) })
        </main>
        <script type="application/json" id="replay-data">
        """
        var page = ByteBuffer(capacity: html.utf8.count + replay.shots.count * 70 + 8_000)
        page.append(html)
        page.append(bytes: HTML.scriptJSON(ReplayJSONWriter.bytes(replay, pretty: false)))
        page.append(Self.tail)
        return page.bytes
    }

    /// The controls, both boards and the legend, as every replay viewer shows them (this
    /// page and ``ReplayViewerPage``); `title` gives a seat's name in its board's heading.
    static func controlsAndBoards(steps: Int, title: (Int) -> String) -> String {
        """
        <section class="controls" aria-label="Replay controls">
        <div class="buttons">
        <button type="button" id="first" title="First (Home)" aria-label="First">|◀</button>
        <button type="button" id="back" title="Back (←)" aria-label="Back">◀</button>
        <button type="button" id="play" title="Play / pause (Space)" aria-label="Play">Play</button>
        <button type="button" id="forward" title="Forward (→)" aria-label="Forward">▶</button>
        <button type="button" id="last" title="Last (End)" aria-label="Last">▶|</button>
        <label class="speed">Speed <select id="speed">
        <option value="1">1 shot/s</option><option value="2">2 shots/s</option><option value="5" selected>5 shots/s</option>\
        <option value="10">10 shots/s</option><option value="25">25 shots/s</option></select></label>
        </div>
        <input type="range" id="slider" min="0" max="\(steps)" value="0" step="1" aria-label="Shot">
        <p><span id="step-label">Shot 0 of \(steps)</span> · <span id="shot-info">Before the first shot.</span></p>
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
    static let tail = "</script>\n<script>\(ReplayViewerScript.source)</script>\n</body></html>\n"

    /// The outcome in a sentence, escaped.
    /// ` · alice version 3f9c2a1b7d04, bob version 77e0c1d2a9b3`: the version that played
    /// each seat of a season's game, HTML-escaped; empty when no seat has one.
    static func versions(_ replay: ReplayDocument) -> String {
        let named = replay.players.compactMap { player in player.version.map { HTML.escape(player.bot) + " version " + HTML.escape($0) } }
        return named.isEmpty ? "" : " · " + named.joined(separator: ", ")
    }

    static func outcome(_ replay: ReplayDocument) -> String {
        let outcome = replay.outcome
        let winner = HTML.escape(outcome.winner ?? "?")
        let shots = outcome.winnerSeat.map { seat in replay.shots.filter { $0.seat.index == seat }.count } ?? 0
        switch outcome.termination {
        case "win":
            return "<b>\(winner)</b> won by sinking the fleet in \(shots) shots."
        case "forfeit":
            let kind = outcome.forfeitKind.map { " (\(HTML.escape($0)))" } ?? ""
            return "<b>\(winner)</b> won by forfeit\(kind): \(HTML.escape(outcome.reason ?? "no reason given"))"
        default:
            return "No result: \(HTML.escape(outcome.reason ?? "no reason given"))"
        }
    }

    static let viewerCSS = """
    .controls .buttons{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
    button{font:inherit;padding:6px 12px;border:1px solid var(--line);border-radius:8px;background:var(--bg);color:var(--fg);cursor:pointer;min-width:44px;min-height:38px}
    button:hover{border-color:var(--accent)}
    select{font:inherit;padding:4px;border-radius:6px}
    .speed{margin-left:auto}
    #slider{width:100%;margin:10px 0 4px}
    .boards{display:flex;flex-wrap:wrap;gap:12px}
    .board-card{flex:1 1 300px;margin:0;min-width:0}
    .board{display:grid;grid-template-columns:repeat(11,1fr);gap:2px;max-width:420px;margin:0 auto;font-size:11px}
    .board div{aspect-ratio:1;display:flex;align-items:center;justify-content:center;border-radius:3px}
    .board .c{background:var(--sea)}
    .board .s{background:var(--ship)}
    .board .m::after{content:"";width:30%;height:30%;border-radius:50%;background:var(--miss)}
    .board .h{background:var(--hit)}
    .board .k{background:var(--sunk)}
    .board .l{outline:3px solid var(--accent);outline-offset:-1px}
    .board .lab{color:var(--muted)}
    .key{display:inline-block;width:12px;height:12px;border-radius:3px;vertical-align:middle;background:var(--sea)}
    .key.s{background:var(--ship)}.key.h{background:var(--hit)}.key.k{background:var(--sunk)}\
    .key.m{background:var(--miss)}.key.l{outline:3px solid var(--accent);outline-offset:-3px}
    """
}
