import Foundation
import Scoring
import Tournament

/// The final table of a run, as text, from the run's ``Scoring/Scoreboard``: the rows in the
/// order `config` ranks by (``Scoring/Scoreboard/standings(for:ratings:)``) with the figures index.html shows (score and shots per win to 0.1, "–" for a bot
/// without a win by sinking the fleet, forfeits by kind), and Elo with its 95% interval when
/// the games allow a fit.
enum SummaryTable {
    static func render(_ board: Scoreboard, ratings: ScoreboardRatings?, config: TournamentConfig) -> String {
        let rows = board.standings(for: config, ratings: ratings).enumerated().map { position, row in
            var cells = [
                String(position + 1), row.bot, String(row.games), String(row.wins), String(row.losses), forfeits(row.forfeits),
                String(format: "%.1f%%", row.scorePercent), row.meanShotsToWin.map { String(format: "%.1f", $0) } ?? "–",
            ]
            if let ratings {
                if let elo = ratings.rating(of: row.bot).flatMap(EloFigure.init) {
                    cells += [String(elo.points), "\(Int(elo.lower.rounded()))–\(Int(elo.upper.rounded()))"]
                } else {
                    cells += ["–", "–"]
                }
            }
            return cells
        }
        var header = ["#", "bot", "games", "wins", "losses", "forfeits", "score", "shots/win"]
        if ratings != nil { header += ["Elo", "95% interval"] }
        var text = TextTable.render(header: header, rows: rows)
        if let advantage = ratings.flatMap({ EloFigure($0.firstMoverAdvantage) }) {
            text += "\nMoving first is worth \(signed(advantage.value)) Elo (95%: \(signed(advantage.lower)) to \(signed(advantage.upper)))."
        }
        return text
    }

    /// Forfeits by kind as index.html lists them: `1 crash, 2 timeout`, or `0`.
    static func forfeits(_ byKind: [String: Int]) -> String {
        byKind.isEmpty ? "0" : byKind.keys.sorted().map { "\(byKind[$0] ?? 0) \($0)" }.joined(separator: ", ")
    }

    /// `+35` or `-12`.
    static func signed(_ value: Double) -> String {
        let rounded = Int(value.rounded())
        return rounded > 0 ? "+\(rounded)" : String(rounded)
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
