/// A run's configuration: the tournament file's settings (``TournamentSettings``) and what the
/// run decided (``RunContext``), in two parts set by different hands. The settings' members
/// read and write through it (`config.bots`, `config.seed`); the run's are `config.context`'s.
/// It is what the journal's `configuration` member encodes (both parts in one object).
@dynamicMemberLookup
public struct TournamentConfig: Hashable, Sendable {
    /// What the tournament file says, with its command-line overrides.
    public var settings: TournamentSettings
    /// What the run decided: seeds' key, shard, source file, season's night.
    public var context: RunContext

    /// The defaults of a tournament file that leaves a setting out.
    public typealias Defaults = TournamentSettings.Defaults

    public init(settings: TournamentSettings, context: RunContext = RunContext()) {
        self.settings = settings
        self.context = context
    }

    /// Settings built in code, with no run decided yet.
    public init(
        name: String, format: TournamentFormat = .roundRobin, bots: [BotEntry], gamesPerPairing: Int = Defaults.gamesPerPairing,
        concurrency: Int = Defaults.concurrency, pollInterval: Duration = Defaults.pollInterval, rateLimit: Double? = nil,
        server: ServerChoice = .embedded, seed: UInt64 = Defaults.seed, outputDirectory: String? = nil,
        stallTimeout: Duration = Defaults.stallTimeout, wakeLocalOpponent: Bool = true, sprt: SPRTSettings? = nil
    ) {
        self.init(
            settings: TournamentSettings(
                name: name, format: format, bots: bots, gamesPerPairing: gamesPerPairing, concurrency: concurrency, pollInterval: pollInterval,
                rateLimit: rateLimit, server: server, seed: seed, outputDirectory: outputDirectory, stallTimeout: stallTimeout,
                wakeLocalOpponent: wakeLocalOpponent, sprt: sprt
            ))
    }

    /// A setting of the tournament file, read or overridden.
    public subscript<Value>(dynamicMember member: WritableKeyPath<TournamentSettings, Value>) -> Value {
        get { settings[keyPath: member] }
        set { settings[keyPath: member] = newValue }
    }

    /// Every external bot run unsandboxed (`--no-sandbox`).
    public mutating func disableSandbox() {
        settings.disableSandbox()
    }

    /// The HMAC key of this tournament's seeds: the seed key's 16 bytes, then `seed`'s 8
    /// (little-endian); `seed`'s 8 alone without a seed key.
    var seedKeyMaterial: [UInt8] {
        (context.seedKey?.bytes ?? []) + (0..<8).map { UInt8(truncatingIfNeeded: settings.seed >> (8 * UInt64($0))) }
    }

    /// The folder this run writes its journal, database and logs into: the output folder, or
    /// a shard's folder in it.
    public var runDirectory: String {
        guard let shard = context.shard else { return settings.outputDirectory }
        return Self.shardDirectory(output: settings.outputDirectory, index: shard.index)
    }

    /// `OUTPUT/shards/INDEX`.
    public static func shardDirectory(output: String, index: Int) -> String {
        output + "/shards/\(index)"
    }
}
