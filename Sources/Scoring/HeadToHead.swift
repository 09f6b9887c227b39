/// One bot's rated results against one opponent.
public struct HeadToHead: Hashable, Sendable {
    public internal(set) var wins = 0
    public internal(set) var losses = 0

    public init(wins: Int = 0, losses: Int = 0) {
        self.wins = wins
        self.losses = losses
    }

    /// Rated games between the two.
    public var games: Int { wins + losses }

    /// `100·wins/games`, to 0.01; nil when they never met.
    public var scorePercent: Double? {
        games == 0 ? nil : Scoreboard.round(100 * Double(wins) / Double(games), places: 2)
    }
}
