import Foundation
import Tournament

/// A Swiss tournament in text, for the terminal: the line when a round is paired, and the
/// standings by points after the complete rounds.
enum SwissSummary {
    /// `Round 2 of 7: 4 pairings, bye: parity`, with the repeats when there are any.
    static func roundLine(_ round: SwissRound, of rounds: Int, botNames: [String]) -> String {
        var line = "Round \(round.number) of \(rounds): \(round.pairings.count) pairing\(round.pairings.count == 1 ? "" : "s")"
        if let bye = round.bye, botNames.indices.contains(bye) { line += ", bye: \(botNames[bye])" }
        if round.repeats > 0 { line += ", \(round.repeats) repeated (no pairing without a repeat exists)" }
        return line
    }

    /// The standings after the complete rounds: rank, bot, points, Buchholz, byes.
    static func render(_ progress: SwissProgress, botNames: [String]) -> String {
        let record = progress.record
        let rows = record.ranking(lots: progress.lots).enumerated().map { position, bot in
            [
                String(position + 1), botNames.indices.contains(bot) ? botNames[bot] : "#\(bot)",
                points(record.halfPoints[bot]), points(record.buchholzHalfPoints(of: bot)), String(record.byes[bot]),
            ]
        }
        let title = "Swiss standings after \(progress.completeRounds) of \(progress.plannedRounds) rounds:"
        return title + "\n" + TextTable.render(header: ["#", "bot", "points", "Buchholz", "byes"], rows: rows)
    }

    /// Half points as points: `3`, `2.5`.
    static func points(_ halfPoints: Int) -> String {
        halfPoints % 2 == 0 ? String(halfPoints / 2) : String(format: "%.1f", Double(halfPoints) / 2)
    }
}
