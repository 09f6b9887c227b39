import Foundation
import HTMLText

/// The arena's public leaderboard (`GET /`): the standings as the page was served, then
/// refreshed every 5 seconds from `/api/standings` without a reload. Every name is escaped
/// (``HTMLText``) and the script writes only text nodes.
enum ArenaLeaderboardPage {
    static func render(_ document: ArenaStandings.Document) -> String {
        let rows = document.standings.map { standing in
            "<tr><td>\(standing.rank)</td><td>\(HTML.escape(standing.bot))</td><td>\(standing.rating.map { String(format: "%.0f", $0.value) } ?? "–")</td><td>\(standing.games)</td><td>\(standing.wins)</td><td>\(String(format: "%.1f", standing.scorePercent))</td></tr>"
        }.joined(separator: "\n")
        let json = (try? ArenaStatus.encoder.encode(document)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTML.escape(document.tournament)): leaderboard</title>
            <style>body{font-family:system-ui,sans-serif;margin:1rem auto;max-width:50rem;padding:0 1rem}table{border-collapse:collapse;width:100%}td,th{padding:.3rem .5rem;border-bottom:1px solid #ddd;text-align:left}td:nth-child(n+3),th:nth-child(n+3){text-align:right}</style>
            </head><body>
            <h1>\(HTML.escape(document.tournament))</h1>
            <p id="games">\(document.games) rated games\(document.generatedAt.map { "; updated " + ISO8601DateFormatter().string(from: $0) } ?? "; no games yet")</p>
            <table><thead><tr><th>#</th><th>Bot</th><th>Elo</th><th>Games</th><th>Wins</th><th>Score %</th></tr></thead>
            <tbody id="standings">
            \(rows)
            </tbody></table>
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
            }
            setInterval(refresh, 5000);
            </script>
            </body></html>

            """
    }
}
