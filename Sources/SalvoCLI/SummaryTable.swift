import Foundation
import Tournament

/// The final table of a run, as text.
enum SummaryTable {
    static func render(_ standings: [Standing]) -> String {
        TextTable.render(
            header: ["bot", "games", "wins", "losses", "forfeits", "score", "shots/win"],
            rows: standings.map { row in
                [
                    row.bot, String(row.games), String(row.wins), String(row.losses), String(row.forfeits),
                    String(format: "%.0f%%", row.score * 100), row.meanShotsToWin.map { String(format: "%.1f", $0) } ?? "-",
                ]
            }
        )
    }
}
