/// A scheduler that answers for shards (`--shard I/N`, `salvo cluster`, `salvo merge`):
/// whether its tournament splits, into how many parts at most, and how many games this run's
/// part has. A scheduler that does not conform cannot be split (``Scheduler/sharding``).
public protocol ShardableScheduler: Scheduler {
    /// Why the tournament cannot be split into shards, in words the caller ends with its own
    /// fix; nil when it can, into at most ``mirroredPairCount`` shards.
    var shardingObstacle: String? { get }

    /// The games, when the configuration alone fixes them: what a shard splits
    /// (``Shard``); nil when results choose them.
    var fixedSchedule: FixedSchedule? { get }

    /// How many mirrored pairs of games the schedule holds (a pair's two games share their
    /// fleets, so a shard plays both or neither): the most shards it can be split into.
    var mirroredPairCount: Int { get }

    /// How many of ``Scheduler/plannedGames`` this run plays: its shard's part
    /// (``RunContext/shard``), or all of them.
    var gamesInRun: Int { get }
}

extension ShardableScheduler {
    public var shardingObstacle: String? { nil }
    public var fixedSchedule: FixedSchedule? { nil }
    public var mirroredPairCount: Int { fixedSchedule?.mirroredPairCount ?? 1 }
    public var gamesInRun: Int { fixedSchedule?.countInRun ?? plannedGames }
}

extension Scheduler {
    /// This scheduler's answers about shards; nil for one that cannot be split.
    public var sharding: (any ShardableScheduler)? { self as? any ShardableScheduler }

    /// Why the tournament cannot be split into shards; nil when it can.
    public var whyNotShardable: String? {
        guard let sharding else { return "its games are chosen from results, which needs them all in one process" }
        return sharding.shardingObstacle
    }

    /// How many of ``plannedGames`` this run plays: a shard's part, or all of them.
    public var plannedGamesInRun: Int { sharding?.gamesInRun ?? plannedGames }
}
