extension ResultsDocument {
    /// An Elo estimate with its 95% interval, rounded to 0.1 Elo.
    public struct Estimate: Hashable, Sendable, Codable {
        public var value: Double
        public var standardError: Double
        /// `value - 1.96·standardError`.
        public var lower: Double
        /// `value + 1.96·standardError`.
        public var upper: Double

        public init(value: Double, standardError: Double, lower: Double, upper: Double) {
            self.value = value
            self.standardError = standardError
            self.lower = lower
            self.upper = upper
        }
    }

    /// One bot's line of the standings.
    ///
    /// ``tie`` is a statistical tie: ranks `first`...`last` cannot be told apart at 95%. Two
    /// neighbours in the standings are tied when their Elo difference is within its 95% interval
    /// (`|r_a − r_b| < 1.96·sd(r_a − r_b)`, the joint fit's covariance included), and ties chain
    /// (``Ratings/RatingTies``, docs/scoring.md). A bot separated from both neighbours, or
    /// without a rating, has none.
    public struct Standing: Hashable, Sendable, Codable {
        /// The ranks of a statistical tie, 1-based as ``Standing/rank``: `first` < `last`.
        public struct Tie: Hashable, Sendable, Codable {
            public var first: Int
            public var last: Int

            public init(first: Int, last: Int) {
                self.first = first
                self.last = last
            }
        }

        /// 1 for the best; bots are ranked by score, then wins, then name (docs/scoring.md, "One order").
        public var rank: Int
        public var bot: String
        /// Absent when the games do not allow a fit (no rated game yet).
        public var rating: Estimate?
        /// Rated games (wins and forfeits, either way).
        public var games: Int
        public var wins: Int
        public var losses: Int
        /// `100·wins/games`, to 0.01; 0 without games.
        public var scorePercent: Double
        /// Mean shots this bot fired in the games it won by sinking the fleet (forfeit wins
        /// left out); absent without such wins.
        public var meanShotsToWin: Double?
        /// Games this bot lost by forfeit, by the fault's kind (`timeout`, `crash`, ...).
        public var forfeits: [String: Int]
        /// The version that played: a submission's (12 hex digits); absent for a listed bot.
        public var version: String?
        /// The ranks of the statistical tie this bot is part of (this bot's own among them);
        /// absent when it is separated from both neighbours or has no rating.
        public var tie: Tie?

        public init(
            rank: Int, bot: String, rating: Estimate?, games: Int, wins: Int, losses: Int, scorePercent: Double, meanShotsToWin: Double?,
            forfeits: [String: Int], tie: Tie? = nil
        ) {
            self.rank = rank
            self.bot = bot
            self.rating = rating
            self.games = games
            self.wins = wins
            self.losses = losses
            self.scorePercent = scorePercent
            self.meanShotsToWin = meanShotsToWin
            self.forfeits = forfeits
            self.tie = tie
        }

        /// Forfeits of every kind.
        public var forfeitCount: Int { forfeits.values.reduce(0, +) }
    }
}
