import Foundation
import Tournament

/// The final table of a run, as text: results, and Elo with its 95% interval when the
/// games allow a fit.
enum SummaryTable {
    static func render(_ standings: [Standing], ratings: TournamentRatings?) -> String {
        let rows = standings.map { row in
            var cells = [
                row.bot, String(row.games), String(row.wins), String(row.losses), String(row.forfeits),
                String(format: "%.0f%%", row.score * 100), row.meanShotsToWin.map { String(format: "%.1f", $0) } ?? "-",
            ]
            if let rating = ratings?.ratings[row.bot] {
                cells.append(String(format: "%.0f ± %.0f", rating.value, rating.upper - rating.value))
            }
            return cells
        }
        var header = ["bot", "games", "wins", "losses", "forfeits", "score", "shots/win"]
        if ratings != nil { header.append("Elo (95%)") }
        var text = TextTable.render(header: header, rows: rows)
        if let advantage = ratings?.firstMoverAdvantage {
            text += String(format: "\nMoving first is worth %.0f ± %.0f Elo.", advantage.value, advantage.upper - advantage.value)
        }
        return text
    }
}
