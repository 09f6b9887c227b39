extension ResultsDocument {
    /// How the games ended.
    public struct TerminationCounts: Hashable, Sendable, Codable {
        /// Rated games won by sinking the whole fleet.
        public var wins: Int
        /// Rated games won because the other bot forfeited.
        public var forfeits: Int
        /// Those forfeits by the fault's kind.
        public var forfeitsByKind: [String: Int]
        /// Attempts that ended with no result (server or network failure, stall); each is
        /// played again, up to the runner's limit, so a game may count several times here.
        public var noResultAttempts: Int

        public init(wins: Int, forfeits: Int, forfeitsByKind: [String: Int], noResultAttempts: Int) {
            self.wins = wins
            self.forfeits = forfeits
            self.forfeitsByKind = forfeitsByKind
            self.noResultAttempts = noResultAttempts
        }
    }

    /// How many shots one bot's wins took.
    public struct ShotsToWin: Hashable, Sendable, Codable {
        public var bot: String
        /// Games this bot won by sinking the fleet.
        public var wins: Int
        /// Mean shots over those wins, to 0.01; absent without wins.
        public var mean: Double?
        /// One bin per shot count that occurred, ascending.
        public var histogram: [Bin]

        public init(bot: String, wins: Int, mean: Double?, histogram: [Bin]) {
            self.bot = bot
            self.wins = wins
            self.mean = mean
            self.histogram = histogram
        }
    }

    /// `games` wins took exactly `shots` shots.
    public struct Bin: Hashable, Sendable, Codable {
        public var shots: Int
        public var games: Int

        public init(shots: Int, games: Int) {
            self.shots = shots
            self.games = games
        }
    }

    /// The sequential probability ratio test of the first bot against the second.
    public struct SPRTResult: Hashable, Sendable, Codable {
        /// The first bot listed (the one the hypotheses are about).
        public var bot: String
        public var opponent: String
        /// H0: `bot` is `elo0` Elo stronger than `opponent`.
        public var elo0: Double
        /// H1: `bot` is `elo1` Elo stronger.
        public var elo1: Double
        public var alpha: Double
        public var beta: Double
        /// `bot`'s rated wins and losses against `opponent`.
        public var wins: Int
        public var losses: Int
        /// The log-likelihood ratio of H1 against H0, to 0.0001.
        public var llr: Double
        /// `ln(β/(1-α))`: at or below it H0 is accepted.
        public var lowerBound: Double
        /// `ln((1-β)/α)`: at or above it H1 is accepted.
        public var upperBound: Double
        /// `H0`, `H1` or `undecided`.
        public var decision: String

        public init(
            bot: String, opponent: String, elo0: Double, elo1: Double, alpha: Double, beta: Double, wins: Int, losses: Int, llr: Double,
            lowerBound: Double, upperBound: Double, decision: String
        ) {
            self.bot = bot
            self.opponent = opponent
            self.elo0 = elo0
            self.elo1 = elo1
            self.alpha = alpha
            self.beta = beta
            self.wins = wins
            self.losses = losses
            self.llr = llr
            self.lowerBound = lowerBound
            self.upperBound = upperBound
            self.decision = decision
        }
    }
}
