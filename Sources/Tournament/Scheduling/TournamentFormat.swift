/// How bots are paired: the `format:` of a tournament file. Each case names its
/// ``Scheduler``; adding a format is a case here, its scheduler type, and the file reader's
/// settings for it (docs/formats.md).
public enum TournamentFormat: String, Hashable, Sendable, CaseIterable {
    /// Every bot plays every other bot (``RoundRobinScheduler``).
    case roundRobin = "round-robin"
    /// The first bot listed plays each of the others; the others do not play each other
    /// (``GauntletScheduler``).
    case gauntlet
    /// Rounds in which bots of equal or nearest scores meet (``SwissScheduler``); how many is
    /// ``TournamentSettings/rounds``. Each round is paired once the one before has finished.
    case swiss

    /// The scheduler of this format for `config`.
    public func scheduler(for config: TournamentConfig) -> any Scheduler {
        switch self {
        case .roundRobin: RoundRobinScheduler(config: config)
        case .gauntlet: GauntletScheduler(config: config)
        case .swiss: SwissScheduler(config: config)
        }
    }
}

extension TournamentConfig {
    /// The scheduler that chooses this tournament's games: a season night's, its format's, or
    /// the sequential test's when it has `sprt:` (a two-bot match).
    public var scheduler: any Scheduler {
        if let night = context.seasonNight { return SeasonScheduler(config: self, night: night) }
        if let sprt = settings.sprt { return SPRTScheduler(config: self, settings: sprt) }
        return settings.format.scheduler(for: self)
    }
}
