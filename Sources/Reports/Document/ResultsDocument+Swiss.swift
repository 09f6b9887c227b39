extension ResultsDocument {
    /// A Swiss tournament's rounds (`format: swiss`): each round's pairings, bye and scores,
    /// and the standings by points after each complete round. Recomputed from the journal's
    /// records (``Tournament/SwissProgress``), never stored in it.
    public struct SwissSection: Hashable, Sendable, Codable {
        /// The tournament's rounds (`rounds:`).
        public var plannedRounds: Int
        /// Rounds whose games have all ended.
        public var completeRounds: Int
        /// The standings after the complete rounds, best first.
        public var standings: [SwissStanding]
        /// The rounds paired so far, in order: the complete ones, then the one under way.
        public var rounds: [SwissRoundEntry]

        public init(plannedRounds: Int, completeRounds: Int, standings: [SwissStanding], rounds: [SwissRoundEntry]) {
            self.plannedRounds = plannedRounds
            self.completeRounds = completeRounds
            self.standings = standings
            self.rounds = rounds
        }
    }

    /// One bot's place by Swiss points.
    public struct SwissStanding: Hashable, Sendable, Codable {
        /// 1 for the best: points, then Buchholz, then the lot.
        public var rank: Int
        public var bot: String
        /// Points: 1 a won pairing, ½ a tied one, 1 a bye.
        public var points: Double
        /// The sum of the points of the opponents met, each meeting counted.
        public var buchholz: Double
        /// Byes so far.
        public var byes: Int

        public init(rank: Int, bot: String, points: Double, buchholz: Double, byes: Int) {
            self.rank = rank
            self.bot = bot
            self.points = points
            self.buchholz = buchholz
            self.byes = byes
        }
    }

    /// One round: its pairings, its bye, and once complete the standings after it.
    public struct SwissRoundEntry: Hashable, Sendable, Codable {
        /// From 1.
        public var number: Int
        /// Whether every game of the round has ended.
        public var complete: Bool
        /// The bot that sat the round out, scoring a point; absent with an even field.
        public var bye: String?
        /// Pairings that meet again because no pairing without a repeat existed.
        public var repeats: Int
        /// In board order: the pairing of the top-ranked bot first.
        public var pairings: [SwissPairingEntry]
        /// The standings after this round, best first; absent while it is not complete.
        public var standingsAfter: [SwissStanding]?

        public init(number: Int, complete: Bool, bye: String?, repeats: Int, pairings: [SwissPairingEntry], standingsAfter: [SwissStanding]?) {
            self.number = number
            self.complete = complete
            self.bye = bye
            self.repeats = repeats
            self.pairings = pairings
            self.standingsAfter = standingsAfter
        }
    }

    /// One pairing of a round.
    public struct SwissPairingEntry: Hashable, Sendable, Codable {
        /// The higher-ranked bot when the round was paired, and its opponent.
        public var first: String
        public var second: String
        /// Rated games each bot won in this pairing.
        public var firstWins: Int
        public var secondWins: Int
        /// Points the pairing gave each bot (1, ½ or 0); absent while the round is not complete.
        public var firstPoints: Double?
        public var secondPoints: Double?
        /// The schedule indices of the pairing's games, in the order they were started.
        public var games: [Int]

        public init(first: String, second: String, firstWins: Int, secondWins: Int, firstPoints: Double?, secondPoints: Double?, games: [Int]) {
            self.first = first
            self.second = second
            self.firstWins = firstWins
            self.secondWins = secondWins
            self.firstPoints = firstPoints
            self.secondPoints = secondPoints
            self.games = games
        }
    }
}
