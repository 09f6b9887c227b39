import Bots

extension ResultsDocument {
    /// The parts of the run's configuration a reader of the results needs.
    public struct ConfigurationSummary: Hashable, Sendable, Codable {
        /// `round-robin` or `gauntlet`.
        public var format: String
        public var bots: [Bot]
        public var gamesPerPairing: Int
        public var concurrency: Int
        /// The tournament seed, in decimal, as a string: it may exceed what a JSON number keeps exactly.
        public var seed: String
        /// `embedded` or the server's base URL.
        public var server: String
        public var pollIntervalMilliseconds: Int
        /// Requests per second across the run; absent for no limit.
        public var rateLimit: Double?
        public var stallTimeoutSeconds: Double
        /// `bots` when the bots placed their fleets (`placement: bots`); absent when the server
        /// did, from the games' seeds.
        public var placement: String?
        /// True when `new-game` named each bot's opponent (`tell_opponent: true`); else absent.
        public var tellOpponent: Bool?
        /// The clock each external bot played every game on (`time_control:`, fastchess's
        /// `BASE+INC` in seconds, `10+0.1`); absent without one: `time_control: none`, a run
        /// of built-ins alone, or a run from before clocks.
        public var timeControl: String?
        /// What the sandbox of the machine that started the run could not enforce, a sentence
        /// each (no cgroups, a missing controller, no host user per sandbox: docs/sandbox.md);
        /// absent where it enforced everything, or no bot was sandboxed.
        public var unenforced: [String]?

        public init(
            format: String, bots: [Bot], gamesPerPairing: Int, concurrency: Int, seed: String, server: String, pollIntervalMilliseconds: Int,
            rateLimit: Double?, stallTimeoutSeconds: Double
        ) {
            self.format = format
            self.bots = bots
            self.gamesPerPairing = gamesPerPairing
            self.concurrency = concurrency
            self.seed = seed
            self.server = server
            self.pollIntervalMilliseconds = pollIntervalMilliseconds
            self.rateLimit = rateLimit
            self.stallTimeoutSeconds = stallTimeoutSeconds
        }
    }

    /// A bot as entered in the tournament file.
    public struct Bot: Hashable, Sendable, Codable {
        public var name: String
        /// `builtin` or `external`.
        public var kind: String
        /// For a built-in bot, its strategy's name.
        public var strategy: String?
        /// For an external bot, its command line.
        public var command: [String]?
        /// For an external bot, `bubblewrap` or `none` (unsandboxed).
        public var sandbox: String?
        /// For a sandboxed bot, the host folders it could read besides the system's and its own.
        public var readOnly: [String]?
        /// For an external bot, its limits; a limit left out means none.
        public var limits: ResourceLimits?
        /// For an external bot, `reuse` (a process plays many games, never both of a mirrored
        /// pair) or `per-game`.
        public var restart: String?

        public init(
            name: String, kind: String, strategy: String? = nil, command: [String]? = nil,
            sandbox: String? = nil, readOnly: [String]? = nil, limits: ResourceLimits? = nil, restart: String? = nil
        ) {
            self.name = name
            self.kind = kind
            self.strategy = strategy
            self.command = command
            self.sandbox = sandbox
            self.readOnly = readOnly
            self.limits = limits
            self.restart = restart
        }
    }

    /// How far the run got.
    public struct Progress: Hashable, Sendable, Codable {
        /// Games in the schedule.
        public var scheduledGames: Int
        /// Games with a result that counts (a win or a forfeit).
        public var ratedGames: Int
        /// Scheduled games that were attempted but never got a rated result.
        public var gamesWithoutResult: Int
        /// Scheduled games never attempted (a run stopped early, or an SPRT decision).
        public var gamesNotPlayed: Int

        public init(scheduledGames: Int, ratedGames: Int, gamesWithoutResult: Int, gamesNotPlayed: Int) {
            self.scheduledGames = scheduledGames
            self.ratedGames = ratedGames
            self.gamesWithoutResult = gamesWithoutResult
            self.gamesNotPlayed = gamesNotPlayed
        }
    }
}
