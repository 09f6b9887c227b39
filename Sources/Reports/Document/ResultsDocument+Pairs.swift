extension ResultsDocument {
    /// `bot`'s results against `opponent` (one ordered pair of the crosstable).
    public struct CrosstableCell: Hashable, Sendable, Codable {
        public var bot: String
        public var opponent: String
        /// Rated games between the two.
        public var games: Int
        /// Games `bot` won.
        public var wins: Int
        /// Games `bot` lost.
        public var losses: Int
        /// `100·wins/games`, to 0.01; absent when they never met.
        public var scorePercent: Double?

        public init(bot: String, opponent: String, games: Int, wins: Int, losses: Int, scorePercent: Double?) {
            self.bot = bot
            self.opponent = opponent
            self.games = games
            self.wins = wins
            self.losses = losses
            self.scorePercent = scorePercent
        }
    }

    /// The probability that `bot` is stronger than `opponent`, from the rating fit.
    public struct Superiority: Hashable, Sendable, Codable {
        public var bot: String
        public var opponent: String
        /// 0...1, to 0.0001.
        public var likelihood: Double

        public init(bot: String, opponent: String, likelihood: Double) {
            self.bot = bot
            self.opponent = opponent
            self.likelihood = likelihood
        }
    }

    /// What moving first (seat 0, the game's creator) was worth.
    public struct FirstMoverStatistics: Hashable, Sendable, Codable {
        /// Rated games.
        public var games: Int
        /// Rated games seat 0 won.
        public var firstMoverWins: Int
        /// `100·firstMoverWins/games`, to 0.01; absent without games.
        public var firstMoverScorePercent: Double?
        /// The first-mover advantage in Elo, fitted jointly with the ratings; absent without a fit.
        public var advantage: Estimate?

        public init(games: Int, firstMoverWins: Int, firstMoverScorePercent: Double?, advantage: Estimate?) {
            self.games = games
            self.firstMoverWins = firstMoverWins
            self.firstMoverScorePercent = firstMoverScorePercent
            self.advantage = advantage
        }
    }
}
