/// A scheduler whose pairings the configuration alone fixes (round robin, gauntlet): it plays
/// its ``FixedSchedule`` whole, in one batch, and can be sharded. A conforming type names its
/// pairings; everything else comes from here.
public protocol FixedPairingScheduler: ShardableScheduler {
    /// The games, fixed by the configuration.
    var schedule: FixedSchedule { get }
}

extension FixedPairingScheduler {
    public var plannedGames: Int { schedule.count }
    public var fixedSchedule: FixedSchedule? { schedule }

    public func nextGames(after results: ScheduleResults) -> ScheduleBatch {
        schedule.batch(after: results)
    }

    public func game(at index: Int, after results: ScheduleResults) -> ScheduledGame? {
        schedule.game(at: index)
    }
}
