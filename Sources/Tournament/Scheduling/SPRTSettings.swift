import Ratings

/// A tournament file's `sprt:` block: a sequential test of a two-bot match that stops the run
/// as soon as it decides (see ``Ratings/SPRT``). H0: the first bot is `elo0` stronger than the
/// second; H1: it is `elo1` stronger.
///
/// `Codable` as the configuration's `sprt` member (``TournamentConfig``'s encoding, the journal):
/// `elo0`, `elo1`, `alpha`, `beta`, each required; version 1 journals wrote the same shape.
public struct SPRTSettings: Hashable, Sendable, Codable {
    public var elo0: Double
    public var elo1: Double
    /// The chance of accepting H1 when H0 holds.
    public var alpha: Double
    /// The chance of accepting H0 when H1 holds.
    public var beta: Double

    public init(elo0: Double, elo1: Double, alpha: Double = 0.05, beta: Double = 0.05) {
        self.elo0 = elo0
        self.elo1 = elo1
        self.alpha = alpha
        self.beta = beta
    }

    /// The test these settings describe.
    public var test: SPRT { SPRT(elo0: elo0, elo1: elo1, alpha: alpha, beta: beta) }
}

extension SPRTSettings {
    /// The test's state over rated `records`: wins and losses of `first` against `second`
    /// (forfeits count as losses, no results do not count), the log-likelihood ratio and the
    /// decision. Games between other bots are ignored.
    public func tally(records: [GameRecord], first: String, second: String) -> SPRTTally {
        var wins = 0
        var losses = 0
        for record in records {
            guard let outcome = record.ratedOutcome, Set([outcome.winnerBot, outcome.loserBot]) == [first, second] else { continue }
            if outcome.winnerBot == first { wins += 1 } else { losses += 1 }
        }
        return tally(wins: wins, losses: losses)
    }

    /// The test's state after `wins` and `losses` of the first bot against the second.
    public func tally(wins: Int, losses: Int) -> SPRTTally {
        let test = self.test
        return SPRTTally(
            wins: wins, losses: losses, logLikelihoodRatio: test.logLikelihoodRatio(wins: wins, losses: losses),
            lowerBound: test.lowerBound, upperBound: test.upperBound, decision: test.decision(wins: wins, losses: losses)
        )
    }
}
