import Foundation

/// The Elo difference implied by a head-to-head score, with a 95% error margin, as fastchess and
/// cutechess report "Elo difference: X +/- Y".
///
/// With `N = wins + losses + draws` games and score `s = (wins + draws/2) / N`:
/// - difference `= -400 · log10(1/s - 1)`;
/// - the score's standard error is `sqrt(v / N)`, with `v` the per-game variance of the score
///   (`wins·(1-s)² + losses·s² + draws·(½-s)²) / N`, which is `s(1-s)` without draws);
/// - the margin follows by the delta method: `1.96 · se · d(elo)/ds` with
///   `d(elo)/ds = 400 / (ln 10 · s(1-s))`.
///
/// (cutechess instead maps the score interval's ends through the Elo formula and halves their
/// distance; the two agree to first order.) A score of 0 or 1 gives an infinite difference and margin.
public struct EloDifference: Sendable, Hashable {
    /// Games won by the first bot.
    public let wins: Int
    /// Games lost by the first bot.
    public let losses: Int
    /// Drawn games.
    public let draws: Int

    /// Creates the estimate from a head-to-head result.
    public init(wins: Int, losses: Int, draws: Int = 0) {
        precondition(wins >= 0 && losses >= 0 && draws >= 0, "counts must be non-negative")
        self.wins = wins
        self.losses = losses
        self.draws = draws
    }

    /// The number of games.
    public var games: Int { wins + losses + draws }

    /// The score fraction `s = (wins + draws/2) / games` (NaN with no games).
    public var score: Double { (Double(wins) + Double(draws) / 2) / Double(games) }

    /// The standard error of the score, `sqrt(per-game variance / games)`.
    public var scoreStandardError: Double {
        let n = Double(games)
        let s = score
        let variance =
            (Double(wins) * (1 - s) * (1 - s) + Double(losses) * s * s
                + Double(draws) * (0.5 - s) * (0.5 - s)) / n
        return sqrt(variance / n)
    }

    /// The Elo difference `-400 · log10(1/s - 1)`.
    public var difference: Double { Self.elo(score: score) }

    /// The 95% error margin by the delta method, `1.96 · se · 400 / (ln 10 · s(1-s))`.
    public var margin: Double {
        let s = score
        return RatingEstimate.z95 * scoreStandardError * 400 / (log(10.0) * s * (1 - s))
    }

    /// The Elo difference of an expected score `s`: `-400 · log10(1/s - 1)`.
    public static func elo(score s: Double) -> Double {
        -400 * log10(1 / s - 1)
    }
}
