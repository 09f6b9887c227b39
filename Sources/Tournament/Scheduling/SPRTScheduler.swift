/// A two-bot match with a sequential test (`sprt:`): the games of a round robin of the two,
/// `gamesPerPairing` at most, and the tournament ends as soon as the test decides. Games still
/// in flight then are cancelled, and their results are neither journaled nor rated, so the
/// journal holds exactly the games the decision was made on.
public struct SPRTScheduler: EarlyEndingScheduler, ShardableScheduler {
    public let config: TournamentConfig
    public let settings: SPRTSettings
    /// The games if the test never decides.
    public let schedule: FixedSchedule

    public init(config: TournamentConfig, settings: SPRTSettings) {
        self.config = config
        self.settings = settings
        schedule = FixedSchedule(config: config, pairings: RoundRobinScheduler.pairings(botCount: config.bots.count))
    }

    public var plannedGames: Int { schedule.count }
    public var fixedSchedule: FixedSchedule? { schedule }

    public var shardingObstacle: String? {
        "an SPRT match stops as soon as its test decides, which needs every game's result in one process"
    }

    public func nextGames(after results: ScheduleResults) -> ScheduleBatch {
        endingEvent(after: results) == nil ? schedule.batch(after: results) : .none
    }

    public func endingEvent(after results: ScheduleResults) -> ProgressEvent? {
        let tally = self.tally(results.rated.values)
        return tally.isDecided ? .sprtDecided(tally) : nil
    }

    public func game(at index: Int, after results: ScheduleResults) -> ScheduledGame? {
        schedule.game(at: index)
    }

    /// The test's state over `records`, the first bot listed against the second.
    public func tally(_ records: some Collection<GameRecord>) -> SPRTTally {
        settings.tally(records: Array(records), first: config.bots[0].name, second: config.bots[1].name)
    }
}
