import HTMLText
import Reports

/// The live standings page (`GET /`): the report's style, the board of the moment embedded as
/// JSON, and a script that draws it and redraws it on every snapshot pushed over
/// `events` (Server-Sent Events). Names and texts reach the DOM through `textContent` only,
/// never as markup; the embedded JSON has every `<` written `\u003c` (``HTMLText/HTML/scriptJSON(_:)``).
///
/// DOM contract (read by the browser tests): `id="live"` carries `data-version` (the
/// snapshot shown), `data-phase` and `data-done`/`data-total`; `<table id="standings">` has
/// one `<tr data-bot="NAME">` per bot in rank order; `<table id="recent">` one
/// `<tr data-index="N">` per recent game with `<a class="replay-link">`; `<ol id="forfeits">`
/// one `<li data-index="N">` per forfeit; `id="connection"` reads `live` or `reconnecting`.
public enum LivePage {
    /// The page with `snapshot` drawn first.
    public static func render(_ snapshot: LiveHub.Snapshot, tournament: String) -> String {
        let page: Markup = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
            <title>\(tournament) · live · Salvo</title>
            <style>\(PageStyle.css)\(css)</style></head>
            <body><main id="live" data-version="0" data-phase="" data-done="0" data-total="0">
            <header><h1 id="tournament">\(tournament)</h1>
            <p class="meta"><span id="phase" class="phase">starting</span> · <span id="connection">connecting</span></p>
            <div class="progress" aria-hidden="true"><div id="bar"></div></div>
            <p id="progress" class="meta">–</p></header>
            <p id="final" class="note" hidden></p>
            <section><h2 id="standings-title">Standings so far</h2><div class="scroll"><table id="standings">
            <thead><tr><th>#</th><th class="bot">Bot</th><th>Games</th><th>Won</th><th>Lost</th><th>Score</th><th>Shots/win</th><th>Forfeits</th></tr></thead>
            <tbody></tbody></table></div>
            <p class="note">Ranked by score (wins in percent of games), then wins. The Elo ratings, crosstable and every \
            replay are in the report written when the run ends.</p></section>
            <section><h2>Last games</h2><div class="scroll"><table id="recent">
            <thead><tr><th>Game</th><th class="bot">Players (first mover first)</th><th class="bot">Winner</th><th>End</th><th title="the shots of both seats together">Moves</th></tr></thead>
            <tbody></tbody></table></div><p class="note">A game's number opens its replay.</p></section>
            <section><h2>Forfeits <span class="meta" id="forfeit-count">0</span></h2><ol id="forfeits" class="forfeits"></ol></section>
            <script type="application/json" id="initial">\(json: String(decoding: snapshot.json, as: UTF8.self))</script>
            <script>\(script)</script>
            </main></body></html>

            """
        return page.text
    }

    /// The live page's own style (live-page.css), after ``Reports/PageStyle/css``.
    static let css = Markup.resource(PackageResources.live_page_css)
}
