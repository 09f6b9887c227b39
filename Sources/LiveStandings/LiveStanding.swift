import Scoring

/// One bot's row of the live standings: its rank and its ``Scoring/BotTally`` so far, the
/// same row the terminal and the report show.
public struct LiveStanding: Sendable, Equatable {
    public var rank: Int
    public var tally: BotTally

    public init(rank: Int, tally: BotTally) {
        self.rank = rank
        self.tally = tally
    }

    public var bot: String { tally.bot }
    public var games: Int { tally.games }
    public var wins: Int { tally.wins }
    public var losses: Int { tally.losses }
    /// Forfeits by kind.
    public var forfeits: [String: Int] { tally.forfeits }
    /// Wins in percent of games, to 0.01; 0 before the first game.
    public var scorePercent: Double { tally.scorePercent }
    /// Mean shots per win by sinking the fleet, to 0.01; nil without one.
    public var meanShotsToWin: Double? { tally.meanShotsToWin }
}
