import Foundation
import Tournament

/// The final table of a run, as text.
enum SummaryTable {
    static func render(_ standings: [Standing]) -> String {
        let width = max(4, standings.map(\.bot.count).max() ?? 4)
        var lines = ["\("bot".padding(toLength: width, withPad: " ", startingAt: 0))  games  wins  losses  forfeits  score  shots/win"]
        for row in standings {
            let shots = row.meanShotsToWin.map { String(format: "%9.1f", $0) } ?? "        -"
            lines.append(String(format: "%@  %5d  %4d  %6d  %8d  %4.0f%%  %@",
                                row.bot.padding(toLength: width, withPad: " ", startingAt: 0), row.games, row.wins, row.losses, row.forfeits, row.score * 100, shots))
        }
        return lines.joined(separator: "\n")
    }
}
