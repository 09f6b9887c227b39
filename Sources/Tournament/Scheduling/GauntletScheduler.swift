/// `format: gauntlet`: the first bot listed plays each of the others, `gamesPerPairing`
/// games each; the others do not play each other.
public struct GauntletScheduler: Scheduler {
    public let config: TournamentConfig
    /// The games, fixed by the configuration.
    public let schedule: FixedSchedule

    public init(config: TournamentConfig) {
        self.config = config
        schedule = FixedSchedule(config: config, pairings: Self.pairings(botCount: config.bots.count))
    }

    /// (0, k) for every other bot k.
    public static func pairings(botCount: Int) -> [(Int, Int)] {
        (1..<max(1, botCount)).map { (0, $0) }
    }

    public var plannedGames: Int { schedule.count }
    public var headline: String { "\(config.bots.count) bots, gauntlet, \(config.gamesPerPairing) games per pairing" }
    public var fixedSchedule: FixedSchedule? { schedule }
    public var shardingObstacle: String? { nil }

    public func nextGames(after results: ScheduleResults) -> ScheduleBatch {
        schedule.batch(after: results)
    }

    public func game(at index: Int, after results: ScheduleResults) -> ScheduledGame? {
        schedule.game(at: index)
    }
}
