import Bots

/// Everything a tournament run needs to know, read from a tournament file and overridden by
/// command-line flags. A value: the same configuration gives the same schedule.
public struct TournamentConfig: Hashable, Sendable {
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
    /// How fleet and bot seeds come from `seed`: fixed by the journal a run continues, not by
    /// the tournament file.
    public var seedDerivation: SeedDerivation = .keyed
    /// The secret that keys the fleet and bot seeds with `seed`: drawn once per output folder by
    /// the run (``SeedKey/inFolder(_:)``) and kept in the journal; nil in the journals written
    /// before it, whose seeds were keyed with `seed` alone (which a bot could search).
    public var seedKey: SeedKey?

    /// The HMAC key of this tournament's seeds: the seed key's 16 bytes, then `seed`'s 8
    /// (little-endian); `seed`'s 8 alone without a seed key.
    var seedKeyMaterial: [UInt8] {
        (seedKey?.bytes ?? []) + (0..<8).map { UInt8(truncatingIfNeeded: seed >> (8 * UInt64($0))) }
    }
    /// The part of the schedule this run plays (`--shard I/N`), into `OUTPUT/shards/I/`; nil
    /// for the whole schedule.
    public var shard: Shard?
    /// The tournament file this configuration was read from, as an absolute path, so that
    /// `salvo merge` can name the command that reruns a shard; nil when built in code.
    public var sourceFile: String?
    /// The folder `salvo run` was started in, where the file's relative paths (bots, output)
    /// resolve, so that a rerun command printed later can go back there; nil when built in code.
    public var workingDirectory: String?

    /// The folder this run writes its journal, database and logs into: the output folder, or
    /// a shard's folder in it.
    public var runDirectory: String {
        guard let shard else { return outputDirectory }
        return Self.shardDirectory(output: outputDirectory, index: shard.index)
    }

    /// `OUTPUT/shards/INDEX`.
    public static func shardDirectory(output: String, index: Int) -> String {
        output + "/shards/\(index)"
    }
    /// The number of rounds of a Swiss tournament (`rounds:`); nil for the other formats.
    public var rounds: Int?
    /// Who places the fleets (`placement:`): the server from the games' seeds, or the bots.
    public var placement: FleetPlacer = .server
    /// Whether `new-game` names the opponent (`tell_opponent: true`), so that a bot process
    /// that plays many games may learn each opponent across them.
    public var tellOpponent = false
    /// Whether the tournament is a season: a round robin or Swiss of `bots_from:` submissions, run
    /// again and again into the same output folder, each run playing only the games its
    /// current versions are missing (``SeasonPlan``, tournaments/README.md).
    public var isSeason = false
    /// The night a season's run plays, once ``SeasonPlan`` has decided it; its scheduler is
    /// then the night's (``SeasonScheduler``). Kept in the journal's own line, not here.
    public var seasonNight: SeasonNight?
    /// A season's submissions whose current folder was not entered, by name, with the reason
    /// in one line: each keeps its last good version, if it has one.
    public var seasonNotEntered: [String: String] = [:]

    /// The defaults of a tournament file that leaves a setting out.
    public enum Defaults {
        public static let gamesPerPairing = 2
        public static let concurrency = 8
        public static let pollInterval = Duration.milliseconds(500)
        public static let seed: UInt64 = 1
        public static let stallTimeout = Duration.seconds(60)
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
