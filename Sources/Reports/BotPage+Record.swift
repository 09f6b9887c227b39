import Foundation
import HTMLText
import Tournament

extension BotPage {
    /// How a bot's counted games ended, from its side.
    struct Tally: Hashable, Sendable {
        var winsBySinking = 0
        var winsByForfeit = 0
        var lossesSunk = 0
        var forfeits: [String: Int] = [:]
        var noResult = 0

        init(bot: String, records: [GameRecord]) {
            for record in records {
                guard let winner = record.winner else {
                    noResult += 1
                    continue
                }
                let won = record.player(winner).bot == bot
                switch (record.termination, won) {
                case (.win, true): winsBySinking += 1
                case (.win, false): lossesSunk += 1
                case (.forfeit, true): winsByForfeit += 1
                case (.forfeit, false): forfeits[record.forfeitKind?.rawValue ?? "unknown", default: 0] += 1
                default: noResult += 1
                }
            }
        }

        var forfeitCount: Int { forfeits.values.reduce(0, +) }
    }

    /// The record: rank, Elo and its 95% interval as results.json has them, games, wins and
    /// losses by how they came, score, mean shots to win.
    static func record(_ input: Input) -> String {
        let tally = Tally(bot: input.bot, records: input.records)
        let standing = input.results.standings.first { $0.bot == input.bot }
        var rows: [(key: String, label: String, value: String)] = []
        rows.append(("rank", "Rank", standing.map { "\($0.rank) of \(input.results.standings.count)" } ?? "–"))
        if let rating = standing?.rating {
            rows.append(("elo", "Elo", IndexPage.number(rating.value)))
            rows.append(("interval", "95% interval", "\(IndexPage.number(rating.lower)) to \(IndexPage.number(rating.upper)) (±\(IndexPage.number(rating.standardError)) standard error)"))
        } else {
            rows.append(("elo", "Elo", "– (no rated game)"))
            rows.append(("interval", "95% interval", "–"))
        }
        rows.append(("games", "Rated games", "\(standing?.games ?? 0)"))
        rows.append(("won", "Won", "\(standing?.wins ?? 0): \(tally.winsBySinking) by sinking the fleet, \(tally.winsByForfeit) by the opponent's forfeit"))
        rows.append(("lost", "Lost", "\(standing?.losses ?? 0): \(tally.lossesSunk) sunk, \(tally.forfeitCount) by forfeit"))
        let kinds = tally.forfeits.keys.sorted().map { "\(tally.forfeits[$0] ?? 0) \(HTML.escape($0))" }.joined(separator: ", ")
        rows.append(("forfeits", "Forfeits", tally.forfeitCount == 0 ? "0" : "\(tally.forfeitCount): \(kinds)"))
        rows.append(("no-result", "Games without result", "\(tally.noResult)"))
        rows.append(("score", "Score", String(format: "%.1f%%", standing?.scorePercent ?? 0)))
        rows.append(("shots-per-win", "Mean shots per win", standing?.meanShotsToWin.map { String(format: "%.1f", $0) } ?? "– (no win by sinking the fleet)"))
        var html = "<section><h2>Record</h2><div class=\"scroll\"><table id=\"record\"><tbody>\n"
        for row in rows {
            html += "<tr data-key=\"\(row.key)\"><th class=\"bot\">\(row.label)</th><td class=\"bot\">\(row.value)</td></tr>\n"
        }
        html += "</tbody></table></div><p class=\"note\">Elo and its interval as in results.json: a joint Bradley–Terry fit of all rated games, mean 1500; forfeits count as losses, games without result do not count.</p></section>\n"
        return html
    }

    /// One row per opponent, in standings order: games, wins, losses, score, and the
    /// likelihood that this bot is the stronger.
    static func opponents(_ input: Input) -> String {
        var cells: [String: ResultsDocument.CrosstableCell] = [:]
        for cell in input.results.crosstable where cell.bot == input.bot { cells[cell.opponent] = cell }
        var superiority: [String: Double] = [:]
        for entry in input.results.likelihoodOfSuperiority where entry.bot == input.bot { superiority[entry.opponent] = entry.likelihood }
        let opponents = input.results.standings.map(\.bot).filter { $0 != input.bot }
        guard !opponents.isEmpty else { return "" }
        var html = """
        <section><h2>Against each opponent</h2><div class="scroll"><table id="opponents">
        <thead><tr><th class="bot">Opponent</th><th>Games</th><th>Won</th><th>Lost</th><th>Score</th><th>Stronger</th></tr></thead><tbody>

        """
        for opponent in opponents {
            let cell = cells[opponent]
            let score = cell?.scorePercent.map { String(format: "%.1f%%", $0) } ?? "–"
            let shade = cell?.scorePercent.map { " class=\"q\(min(4, Int($0 / 20)))\"" } ?? ""
            let likely = superiority[opponent].map { String(format: "%.0f%%", $0 * 100) } ?? "–"
            html += "<tr data-opponent=\"\(HTML.escape(opponent))\"><td class=\"bot\">\(link(opponent, files: input.files))</td>"
            html += "<td>\(cell?.games ?? 0)</td><td>\(cell?.wins ?? 0)</td><td>\(cell?.losses ?? 0)</td><td\(shade)>\(score)</td><td>\(likely)</td></tr>\n"
        }
        html += "</tbody></table></div><p class=\"note\">Rated games only. Stronger: the likelihood that this bot is stronger than the opponent, from the rating fit.</p></section>\n"
        return html
    }
}
