import Foundation

/// A sequential probability ratio test for a two-bot match without draws, with the logistic Elo
/// model fastchess uses for win/loss results.
///
/// Under hypothesis `H_k` the first bot wins a game with probability `p_k = 1 / (1 + 10^(-elo_k / 400))`.
/// After `W` wins and `L` losses the log-likelihood ratio is
///
///     LLR = W · ln(p1 / p0) + L · ln((1 - p1) / (1 - p0))
///
/// and the test accepts H0 when `LLR ≤ ln(β / (1 - α))`, accepts H1 when `LLR ≥ ln((1 - β) / α)`,
/// and continues otherwise.
public struct SPRT: Sendable, Hashable {
    /// The outcome of the test so far.
    public enum Decision: Sendable, Hashable {
        /// The lower bound was reached: accept H0 (`elo = elo0`).
        case acceptH0
        /// The upper bound was reached: accept H1 (`elo = elo1`).
        case acceptH1
        /// Neither bound was reached: play more games.
        case `continue`
    }

    /// The Elo difference under H0.
    public let elo0: Double
    /// The Elo difference under H1.
    public let elo1: Double
    /// The type I error rate (accepting H1 when H0 holds).
    public let alpha: Double
    /// The type II error rate (accepting H0 when H1 holds).
    public let beta: Double

    /// Creates a test. `alpha` and `beta` must lie in `(0, 1)` with `alpha + beta < 1`.
    public init(elo0: Double, elo1: Double, alpha: Double = 0.05, beta: Double = 0.05) {
        precondition(alpha > 0 && alpha < 1 && beta > 0 && beta < 1 && alpha + beta < 1, "invalid error rates")
        self.elo0 = elo0
        self.elo1 = elo1
        self.alpha = alpha
        self.beta = beta
    }

    /// The lower bound `ln(β / (1 - α))`.
    public var lowerBound: Double { log(beta / (1 - alpha)) }
    /// The upper bound `ln((1 - β) / α)`.
    public var upperBound: Double { log((1 - beta) / alpha) }

    /// The win probability of logistic Elo difference `elo`: `1 / (1 + 10^(-elo / 400))`.
    public static func winProbability(elo: Double) -> Double {
        1 / (1 + pow(10, -elo / 400))
    }

    /// The log-likelihood ratio of H1 against H0 after `wins` wins and `losses` losses.
    public func logLikelihoodRatio(wins: Int, losses: Int) -> Double {
        let p0 = Self.winProbability(elo: elo0)
        let p1 = Self.winProbability(elo: elo1)
        return Double(wins) * log(p1 / p0) + Double(losses) * log((1 - p1) / (1 - p0))
    }

    /// The decision after `wins` wins and `losses` losses.
    public func decision(wins: Int, losses: Int) -> Decision {
        let llr = logLikelihoodRatio(wins: wins, losses: losses)
        if llr >= upperBound { return .acceptH1 }
        if llr <= lowerBound { return .acceptH0 }
        return .continue
    }
}
