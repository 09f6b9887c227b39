/// How adaptive matchmaking chooses games (docs/scoring.md, "Adaptive matchmaking"): a new
/// version plays a small opening, then the games that narrow the intervals still too wide,
/// against neighbours whose intervals overlap, until its interval is within
/// ``ratingInterval`` or it has played ``versionBudget`` games.
public struct MatchmakingPolicy: Sendable, Hashable {
    /// The target: a version is settled once its 95% interval's half-width (the ± the
    /// standings print) is at most this many Elo points.
    public var ratingInterval: Double
    /// The most games one version plays before it stops asking for more, settled or not;
    /// ``classBudget(players:builtIns:gamesPerPairing:)`` is the default.
    public var versionBudget: Int
    /// How many rated opponents a new version's opening meets, at a spread of ratings
    /// (besides every built-in).
    public var openingOpponents: Int
    /// The most pairings (each two games) one version gets in one round, so that the ratings
    /// are fitted again before a version plays many games on an estimate.
    public var pairingsPerRound: Int

    /// The default target, ±50 Elo.
    public static let defaultInterval: Double = 50

    public init(ratingInterval: Double = Self.defaultInterval, versionBudget: Int, openingOpponents: Int = 4, pairingsPerRound: Int = 8) {
        self.ratingInterval = ratingInterval
        self.versionBudget = versionBudget
        self.openingOpponents = openingOpponents
        self.pairingsPerRound = pairingsPerRound
    }

    /// A version's budget in a class of `players` with `builtIns`: four fifths of what a round
    /// robin (`gamesPerPairing` a pairing) would give it, less its opening games against the
    /// built-ins (which no other budget shares), so that adaptive play costs at most four
    /// fifths of the round robin and leaves a fifth for the settle step.
    public static func classBudget(players: Int, builtIns: Int, gamesPerPairing: Int = 2) -> Int {
        max(2 * builtIns + 2, max(0, players - 1) * gamesPerPairing * 4 / 5 - 2 * builtIns)
    }
}

/// Two players who play two games with fresh fleets, each moving first once: the unit of
/// every schedule here, so that the first mover's advantage cancels within it.
public struct Pairing: Sendable, Hashable {
    public var first: Int
    public var second: Int

    public init(_ first: Int, _ second: Int) {
        self.first = first
        self.second = second
    }
}
