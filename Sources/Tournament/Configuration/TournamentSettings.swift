import Bots

/// What a tournament file says, with the command-line options that override it: the one
/// record of a tournament's settings. It holds nothing a run decides (the seed key, the
/// shard, a season's night: ``RunContext``). A value: the same settings give the same
/// schedule. A new file setting is a member here, its line in
/// `TournamentSettings+Codable.swift` (the journal's encoding) and its key in the file
/// reader (CONTRIBUTING.md, "A setting").
public struct TournamentSettings: Hashable, Sendable {
    public var name: String
    public var format: TournamentFormat
    public var bots: [BotEntry]
    /// Games each pairing plays; an even number gives each bot the first move and each fleet
    /// equally often.
    public var gamesPerPairing: Int
    /// Games in flight at once.
    public var concurrency: Int
    /// How often a waiting player asks `/status`.
    public var pollInterval: Duration
    /// Requests per second to the server across all games; nil for no limit.
    public var rateLimit: Double?
    public var server: ServerChoice
    /// The seed of the schedule's board seeds and of the bots' randomness.
    public var seed: UInt64
    /// Where the journal, results and reports go.
    public var outputDirectory: String
    /// A game with no accepted guess for this long ends as "no result" and is rerun.
    public var stallTimeout: Duration
    /// When both players are in this process, one task plays both seats, each polling once
    /// just before its turn (``SeatsInOneTask``); false plays them as two independent players
    /// that poll at the interval, as remote ones would (pure polling, ``PollingSeats``).
    public var wakeLocalOpponent: Bool
    /// A sequential test for a two-bot tournament: the run stops as soon as it decides. The
    /// first bot listed is "the first bot" of the test.
    public var sprt: SPRTSettings?
    /// The number of rounds of a Swiss tournament (`rounds:`); nil for the other formats.
    public var rounds: Int?
    /// Who places the fleets (`placement:`): the server from the games' seeds, or the bots.
    public var placement: FleetPlacer = .server
    /// Whether `new-game` names the opponent (`tell_opponent: true`), so that a bot process
    /// that plays many games may learn each opponent across them.
    public var tellOpponent = false
    /// Each external bot's clock per game (`time_control:`, fastchess's `BASE+INC`): 10+0.1
    /// unless the file says otherwise; nil for none (`time_control: none`, and every journal
    /// written before clocks, whose games were played without one). Built-in bots have no
    /// clock: their time is the runner's own.
    public var timeControl: TimeControl? = Defaults.timeControl
    /// How a season chooses its games (`matchmaking:`, `rating_interval:`): a round robin, or
    /// adaptive rounds. Only a season (`bots_from:`) may be adaptive.
    public var matchmaking: MatchmakingSetting = .roundRobin

    /// The defaults of a tournament file that leaves a setting out.
    public enum Defaults {
        public static let gamesPerPairing = 2
        public static let concurrency = 8
        public static let pollInterval = Duration.milliseconds(500)
        public static let seed: UInt64 = 1
        public static let stallTimeout = Duration.seconds(60)
        public static let timeControl: TimeControl? = TimeControl.tournamentDefault
    }

    /// Every external bot run unsandboxed (`--no-sandbox`).
    public mutating func disableSandbox() {
        for index in bots.indices {
            if case .external(var spec) = bots[index].kind {
                spec.sandbox = .none
                bots[index].kind = .external(spec)
            }
        }
    }

    public init(
        name: String, format: TournamentFormat = .roundRobin, bots: [BotEntry], gamesPerPairing: Int = Defaults.gamesPerPairing,
        concurrency: Int = Defaults.concurrency, pollInterval: Duration = Defaults.pollInterval, rateLimit: Double? = nil,
        server: ServerChoice = .embedded, seed: UInt64 = Defaults.seed, outputDirectory: String? = nil,
        stallTimeout: Duration = Defaults.stallTimeout, wakeLocalOpponent: Bool = true, sprt: SPRTSettings? = nil
    ) {
        self.name = name
        self.format = format
        self.bots = bots
        self.gamesPerPairing = gamesPerPairing
        self.concurrency = concurrency
        self.pollInterval = pollInterval
        self.rateLimit = rateLimit
        self.server = server
        self.seed = seed
        self.outputDirectory = outputDirectory ?? "reports/\(name)"
        self.stallTimeout = stallTimeout
        self.wakeLocalOpponent = wakeLocalOpponent
        self.sprt = sprt
    }
}
