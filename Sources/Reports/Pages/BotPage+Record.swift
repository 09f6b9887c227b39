import Foundation
import HTMLText
import Scoring
import Tournament

extension BotPage {
    /// The record: rank, Elo and its 95% interval as results.json has them, games, wins and
    /// losses by how they came, score, mean shots to win.
    static func record(_ input: Input) -> Markup {
        // The bot's games through the one scoreboard's rules (docs/scoring.md), split by how they ended.
        let tally = input.tally
        let noResult = input.games.noResult
        let standing = input.results.standings.first { $0.bot == input.bot }
        var rows: [(key: String, label: String, value: Markup)] = []
        rows.append(("rank", "Rank", standing.map { rank($0, of: input.results.standings.count) } ?? "–"))
        if let rating = standing?.rating {
            rows.append(("elo", "Elo in the standings", "\(IndexPage.number(rating.value))"))
            rows.append(
                (
                    "interval", "95% interval",
                    "\(IndexPage.number(rating.lower)) to \(IndexPage.number(rating.upper)) (±\(IndexPage.number(rating.standardError)) standard error)"
                ))
        } else {
            rows.append(("elo", "Elo in the standings", "– (no rated game)"))
            rows.append(("interval", "95% interval", "–"))
        }
        rows.append(("games", "Rated games", "\(standing?.games ?? 0)"))
        rows.append(
            ("won", "Won", "\(standing?.wins ?? 0): \(tally.winsBySinking) by sinking the fleet, \(tally.winsByForfeit) by the opponent's forfeit"))
        rows.append(("lost", "Lost", "\(standing?.losses ?? 0): \(tally.losses - tally.forfeitCount) sunk, \(tally.forfeitCount) by forfeit"))
        let kinds = tally.forfeits.keys.sorted().map { "\(tally.forfeits[$0] ?? 0) \($0)" }.joined(separator: ", ")
        rows.append(("forfeits", "Forfeits", tally.forfeitCount == 0 ? "0" : "\(tally.forfeitCount): \(kinds)"))
        rows.append(("no-result", "Games without result", "\(noResult)"))
        rows.append(("score", "Score", "\(String(format: "%.1f%%", standing?.scorePercent ?? 0))"))
        rows.append(
            (
                "shots-per-win", "Mean shots per win",
                standing?.meanShotsToWin.map { "\(String(format: "%.1f", $0))" } ?? "– (no win by sinking the fleet)"
            ))
        var html: Markup = "<section><h2>Record</h2><div class=\"scroll\"><table id=\"record\"><tbody>\n"
        for row in rows {
            html += "<tr data-key=\"\(row.key)\"><th class=\"bot\">\(row.label)</th><td class=\"bot\">\(row.value)</td></tr>\n"
        }
        html +=
            "</tbody></table></div><p class=\"note\">Elo in the standings, the one that ranks, and its interval as in results.json: a joint Bradley–Terry fit of all rated games, mean 1500; forfeits count as losses, games without result do not count.</p></section>\n"
        return html
    }

    /// `4 of 10`, and the ranks of its statistical tie when it is in one:
    /// `4 of 10, tied 3–5 (cannot be told apart at 95%)`.
    static func rank(_ standing: ResultsDocument.Standing, of count: Int) -> Markup {
        guard let tie = standing.tie else { return "\(standing.rank) of \(count)" }
        return "\(standing.rank) of \(count), <span class=\"tie\">tied \(tie.first)–\(tie.last)</span> (cannot be told apart at 95%)"
    }

    /// One row per opponent, in standings order: games, wins, losses, score, and the
    /// likelihood that this bot is the stronger.
    static func opponents(_ input: Input) -> Markup {
        var cells: [String: ResultsDocument.CrosstableCell] = [:]
        for cell in input.results.crosstable where cell.bot == input.bot { cells[cell.opponent] = cell }
        var superiority: [String: Double] = [:]
        for entry in input.results.likelihoodOfSuperiority where entry.bot == input.bot { superiority[entry.opponent] = entry.likelihood }
        let opponents = input.results.standings.map(\.bot).filter { $0 != input.bot }
        guard !opponents.isEmpty else { return "" }
        var html: Markup = """
            <section><h2>Against each opponent</h2><div class="scroll"><table id="opponents">
            <thead><tr><th class="bot">Opponent</th><th>Games</th><th>Won</th><th>Lost</th><th>Score</th><th>Stronger</th></tr></thead><tbody>

            """
        for opponent in opponents {
            let cell = cells[opponent]
            let score = cell?.scorePercent.map { String(format: "%.1f%%", $0) } ?? "–"
            let shade: Markup = cell?.scorePercent.map { " class=\"q\(min(4, Int($0 / 20)))\"" } ?? ""
            let likely = superiority[opponent].map { String(format: "%.0f%%", $0 * 100) } ?? "–"
            html += "<tr data-opponent=\"\(opponent)\"><td class=\"bot\">\(link(opponent, files: input.files))</td>"
            html +=
                "<td>\(cell?.games ?? 0)</td><td>\(cell?.wins ?? 0)</td><td>\(cell?.losses ?? 0)</td><td\(shade)>\(score)</td><td>\(likely)</td></tr>\n"
        }
        html +=
            "</tbody></table></div><p class=\"note\">Rated games only. Stronger: the likelihood that this bot is stronger than the opponent, from the rating fit.</p></section>\n"
        return html
    }
}
