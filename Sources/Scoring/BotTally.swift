/// One bot's counts over the rated games a ``Scoreboard`` has folded: a row of the standings.
///
/// The figures every output shows (``scorePercent``, ``meanShotsToWin``) are rounded here,
/// once, to 0.01, so the terminal, the live page, results.json and index.html format the same
/// number and cannot round it two ways.
public struct BotTally: Hashable, Sendable {
    public let bot: String
    /// Rated games (wins and forfeits, either way).
    public internal(set) var games = 0
    public internal(set) var wins = 0
    public internal(set) var losses = 0
    /// Wins by sinking the other's fleet; the rest of ``wins`` came from the other's forfeit.
    public internal(set) var winsBySinking = 0
    /// Games this bot lost by forfeit, by the fault's kind (`timeout`, `crash`, ...;
    /// `unknown` when the record did not say).
    public internal(set) var forfeits: [String: Int] = [:]
    /// Shots fired in the wins by sinking the fleet, summed.
    public internal(set) var shotsInWins = 0
    /// How many wins by sinking the fleet took each number of shots.
    public internal(set) var shotsToWin: [Int: Int] = [:]
    /// Rated games in which this bot moved first (seat one, the game's creator).
    public internal(set) var gamesMovedFirst = 0
    /// Wins and losses against each opponent met.
    public internal(set) var against: [String: HeadToHead] = [:]

    public init(bot: String) {
        self.bot = bot
    }

    /// Wins by the other's forfeit.
    public var winsByForfeit: Int { wins - winsBySinking }
    /// Forfeits of every kind.
    public var forfeitCount: Int { forfeits.values.reduce(0, +) }

    /// `wins/games`, unrounded; 0 without games.
    var fraction: Double { games == 0 ? 0 : Double(wins) / Double(games) }

    /// `100·wins/games`, to 0.01; 0 without games.
    public var scorePercent: Double {
        games == 0 ? 0 : Scoreboard.round(100 * Double(wins) / Double(games), places: 2)
    }

    /// Mean shots per win by sinking the fleet, to 0.01; nil without such a win. A win by the
    /// other's forfeit is left out: the game ended early and would flatter the winner, so a bot
    /// whose every win came by forfeit has no figure ("–").
    public var meanShotsToWin: Double? {
        winsBySinking == 0 ? nil : Scoreboard.round(Double(shotsInWins) / Double(winsBySinking), places: 2)
    }

    /// Whether `self` ranks above `other` in the standings: by score (the share of rated
    /// games won), then by wins, then by name. The one order of every output.
    public func ranks(above other: BotTally) -> Bool {
        // The same fraction divides to the same Double, and different ones of a tournament's
        // size never do.
        let (score, otherScore) = (fraction, other.fraction)
        if score != otherScore { return score > otherScore }
        if wins != other.wins { return wins > other.wins }
        return bot < other.bot
    }
}
