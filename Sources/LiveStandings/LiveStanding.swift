/// One bot's row of the live standings: its rated games so far.
public struct LiveStanding: Sendable, Equatable {
    public var rank: Int
    public var bot: String
    public var wins: Int
    public var losses: Int
    /// Forfeits by kind.
    public var forfeits: [String: Int]
    /// Shots fired in the games it won by sinking the fleet, summed, and how many such wins.
    public var shotsInWins: Int
    public var winsBySinking: Int

    public var games: Int { wins + losses }
    /// Wins in percent of games; 0 before the first game.
    public var scorePercent: Double { games == 0 ? 0 : 100 * Double(wins) / Double(games) }
    /// Mean shots per win by sinking the fleet; nil without one.
    public var meanShotsToWin: Double? { winsBySinking == 0 ? nil : Double(shotsInWins) / Double(winsBySinking) }

    public init(bot: String) {
        rank = 0
        self.bot = bot
        wins = 0
        losses = 0
        forfeits = [:]
        shotsInWins = 0
        winsBySinking = 0
    }
}
