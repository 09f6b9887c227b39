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

    /// The sequential test's state in a sentence, e.g. "H1 accepted (elo1 = 10): 60 wins,
    /// 30 losses, LLR 3.01 reached the bound 2.94".
    static func sprtSentence(_ tally: SPRTTally) -> String {
        let games = "\(tally.wins) wins, \(tally.losses) losses of the first bot"
        let llr = String(format: "LLR %.2f", tally.logLikelihoodRatio)
        switch tally.decision {
        case .acceptH1: return "H1 accepted: \(games), \(llr) reached the upper bound \(String(format: "%.2f", tally.upperBound))"
        case .acceptH0: return "H0 accepted: \(games), \(llr) reached the lower bound \(String(format: "%.2f", tally.lowerBound))"
        case .continue: return "undecided: \(games), \(llr) between the bounds \(String(format: "%.2f and %.2f", tally.lowerBound, tally.upperBound))"
        }
    }
}
