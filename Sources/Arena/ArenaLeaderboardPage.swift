import Foundation
import HTMLText
import JSONCoding
import Reports

/// The arena's public leaderboard (`GET /`): the standings and the season's history chart as
/// the page was served, then refreshed every 5 seconds from `/api/standings` and
/// `/api/history.svg` without a reload. Written as ``HTMLText/Markup``, so every name is
/// escaped; the script (arena-leaderboard.js, embedded at build time) writes text nodes, and
/// the chart as an SVG document parsed apart (no markup is written as HTML).
/// The report's style sheet (``Reports/PageStyle``), so it looks as the season's pages do.
enum ArenaLeaderboardPage {
    static func render(_ document: ArenaStandings.Document, chart: Markup) -> String {
        let rows = document.standings.map { standing -> Markup in
            "<tr><td>\(IndexPage.rank(standing))</td><td>\(standing.bot)</td><td>\(standing.rating.map { String(format: "%.0f", $0.value) } ?? "–")</td><td>\(standing.games)</td><td>\(standing.wins)</td><td>\(String(format: "%.1f", standing.scorePercent))</td></tr>"
        }.joined(separator: "\n")
        let json =
            (try? JSONFormat.encoder(pretty: false, escapingSlashes: true).encode(document)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        let page: Markup = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(document.tournament): leaderboard</title>
            <style>\(PageStyle.css)
            \(css)</style>
            </head><body><main>
            <h1>\(document.tournament)</h1>
            <p id="games" class="meta">\(document.games) rated games\(document.generatedAt.map { "; updated " + ISO8601DateFormatter().string(from: $0) } ?? "; no games yet")</p>
            <section id="leaderboard"><h2>Standings</h2><div class="scroll"><table><thead><tr><th>#</th><th>Bot</th><th>Elo</th><th>Games</th><th>Wins</th><th>Score %</th></tr></thead>
            <tbody id="standings">
            \(rows)
            </tbody></table></div>
            <p class="note" id="ties">Ranks marked “tied 3–5” cannot be told apart at 95%: the Elo difference of each two neighbours among ranks 3 to 5 is within its 95% interval.</p></section>
            <section id="season"><h2>History</h2><div class="scroll" id="history">\(chart.isEmpty ? noHistory : chart)</div>
            <p class="note">Each entry's standings Elo after each batch of games. Point at a line or a name, or tap it, to pick one entry out.</p></section>
            <p><a href="season/index.html">The season: every game, replay, rating history and bot page</a> · <a href="upload">Upload your bot</a></p>
            <script id="data" type="application/json">\(json: json)</script>
            <script>
            \(script)
            </script>
            </main></body></html>

            """
        return page.text
    }

    /// What the history shows before any rating.
    static let noHistory: Markup =
        "<p id=\"no-history\" class=\"note\">No ratings yet: the history starts once the games rate the entries (two entries need more than one game).</p>"

    /// The page's own style, after the report's.
    static let css = Markup.resource(PackageResources.arena_leaderboard_css)

    /// Shows the standings and the chart again every 5 seconds, as text nodes and a parsed SVG.
    static let script = Markup.resource(PackageResources.arena_leaderboard_js)
}
