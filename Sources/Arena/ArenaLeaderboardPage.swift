import Foundation
import HTMLText
import JSONCoding
import Reports

/// The arena's public leaderboard (`GET /`): the standings and the season's history chart as
/// the page was served, then refreshed every 5 seconds from `/api/standings` and
/// `/api/history.svg` without a reload. Every name is escaped (``HTMLText``); the script writes
/// text nodes, and the chart as an SVG document parsed apart (no markup is written as HTML).
/// The report's style sheet (``Reports/PageStyle``), so it looks as the season's pages do.
enum ArenaLeaderboardPage {
    static func render(_ document: ArenaStandings.Document, chart: String) -> String {
        let rows = document.standings.map { standing in
            "<tr><td>\(standing.rank)</td><td>\(HTML.escape(standing.bot))</td><td>\(standing.rating.map { String(format: "%.0f", $0.value) } ?? "–")</td><td>\(standing.games)</td><td>\(standing.wins)</td><td>\(String(format: "%.1f", standing.scorePercent))</td></tr>"
        }.joined(separator: "\n")
        let json = (try? JSONFormat.encoder(pretty: false, escapingSlashes: true).encode(document)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTML.escape(document.tournament)): leaderboard</title>
            <style>\(PageStyle.css)
            #leaderboard table{width:100%}#leaderboard td:nth-child(2),#leaderboard th:nth-child(2){text-align:left}</style>
            </head><body><main>
            <h1>\(HTML.escape(document.tournament))</h1>
            <p id="games" class="meta">\(document.games) rated games\(document.generatedAt.map { "; updated " + ISO8601DateFormatter().string(from: $0) } ?? "; no games yet")</p>
            <section id="leaderboard"><h2>Standings</h2><div class="scroll"><table><thead><tr><th>#</th><th>Bot</th><th>Elo</th><th>Games</th><th>Wins</th><th>Score %</th></tr></thead>
            <tbody id="standings">
            \(rows)
            </tbody></table></div></section>
            <section id="season"><h2>History</h2><div class="scroll" id="history">\(chart.isEmpty ? "<p id=\"no-history\" class=\"note\">No ratings yet: the history starts once the games rate the entries (two entries need more than one game).</p>" : chart)</div>
            <p class="note">Each entry's standings Elo after each batch of games. Point at a line or a name, or tap it, to pick one entry out.</p></section>
            <p><a href="season/index.html">The season: every game, replay, rating history and bot page</a> · <a href="upload">Upload your bot</a></p>
            <script id="data" type="application/json">\(HTML.scriptJSON(json))</script>
            <script>
            function cell(row, text) { const td = document.createElement("td"); td.textContent = text; row.appendChild(td); }
            function show(doc) {
              const body = document.getElementById("standings");
              body.replaceChildren();
              for (const s of doc.standings) {
                const row = document.createElement("tr");
                cell(row, s.rank); cell(row, s.bot); cell(row, s.rating ? Math.round(s.rating.value) : "–");
                cell(row, s.games); cell(row, s.wins); cell(row, s.scorePercent.toFixed(1));
                body.appendChild(row);
              }
              document.getElementById("games").textContent = doc.games + " rated games" + (doc.generatedAt ? "; updated " + doc.generatedAt : "; no games yet");
            }
            async function refresh() {
              try { const r = await fetch("api/standings", {cache: "no-store"}); if (r.ok) show(await r.json()); } catch (e) {}
              try {
                const r = await fetch("api/history.svg", {cache: "no-store"});
                if (!r.ok) return;
                const text = await r.text();
                const history = document.getElementById("history");
                if (!text) return;
                // Parsed as HTML, as the page was: its <svg> lands in the SVG namespace, and no script runs.
                const svg = new DOMParser().parseFromString(text, "text/html").querySelector("svg");
                if (svg && !(document.activeElement && history.contains(document.activeElement))) history.replaceChildren(document.importNode(svg, true));
              } catch (e) {}
            }
            setInterval(refresh, 5000);
            </script>
            </main></body></html>

            """
    }
}
