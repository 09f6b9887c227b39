/// One of `count` parts of a tournament's schedule, played by its own process (a Slurm array
/// task, a Kubernetes Indexed Job's pod, or a shell), into `OUTPUT/shards/INDEX/`; `salvo
/// merge` puts the parts back together (docs/cluster.md).
///
/// The split is fixed by the schedule alone. The games go in mirrored pairs (the two games of
/// a pairing that share their fleets with the roles swapped); the pairs are numbered in the
/// order their first game is scheduled, and pair `k` belongs to shard `k mod count`. So both
/// games of a pair stay together, every shard holds as many pairs as another or one fewer,
/// and each shard's games are spread over the whole schedule.
///
/// ```swift
/// let shard = try Shard(parsing: "1/3")            // the second of three
/// let mine = Schedule.games(for: config).filter { shard.owns($0, pairings: pairingCount) }
/// ```
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// Which part, from 0 to `count - 1`.
    public let index: Int
    /// How many parts.
    public let count: Int

    /// The most shards a tournament may be split into.
    public static let maximumCount = 100_000

    public init(index: Int, count: Int) throws(ShardError) {
        guard count >= 1, count <= Self.maximumCount else { throw .badCount(count) }
        guard index >= 0, index < count else { throw .indexOutOfRange(index: index, count: count) }
        self.index = index
        self.count = count
    }

    /// `I/N` as `--shard` takes it.
    public init(parsing text: String) throws(ShardError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { throw .unreadable(text) }
        try self.init(index: index, count: count)
    }

    /// The shard a cluster engine gave this process, from its environment: a Slurm array task
    /// (`SLURM_ARRAY_TASK_ID`) or a Kubernetes Indexed Job's pod (`JOB_COMPLETION_INDEX`), of
    /// `SALVO_SHARD_COUNT`, which the files of `salvo cluster` set. The count is never taken from
    /// the array itself: `sbatch --array=3` (one task resubmitted) has `SLURM_ARRAY_TASK_COUNT=1`
    /// and `SLURM_ARRAY_TASK_MIN=3`, and must still be shard 3 of all of them.
    public static func fromEnvironment(_ environment: [String: String]) throws(ShardError) -> Shard {
        func number(_ name: String) throws(ShardError) -> Int? {
            guard let text = environment[name] else { return nil }
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else { throw .badVariable(name: name, value: text) }
            return value
        }
        if let task = try number("SLURM_ARRAY_TASK_ID") {
            guard let count = try number("SALVO_SHARD_COUNT") else { throw .missingVariable(have: "SLURM_ARRAY_TASK_ID", need: "SALVO_SHARD_COUNT") }
            return try Shard(index: task, count: count)
        }
        if let index = try number("JOB_COMPLETION_INDEX") {
            guard let count = try number("SALVO_SHARD_COUNT") else { throw .missingVariable(have: "JOB_COMPLETION_INDEX", need: "SALVO_SHARD_COUNT") }
            return try Shard(index: index, count: count)
        }
        throw .noEngine
    }

    /// The number of `game`'s mirrored pair in the whole schedule, in the order the pairs'
    /// first games are scheduled, for a schedule of `pairings` pairings.
    public static func mirroredPair(of game: ScheduledGame, pairings: Int) -> Int {
        game.duo * pairings + game.pairing
    }

    /// Whether `game`, of a schedule of `pairings` pairings, is this shard's.
    public func owns(_ game: ScheduledGame, pairings: Int) -> Bool {
        Self.mirroredPair(of: game, pairings: pairings) % count == index
    }

    /// The shard of `count` that plays `game`.
    public static func index(of game: ScheduledGame, pairings: Int, count: Int) -> Int {
        mirroredPair(of: game, pairings: pairings) % count
    }

    /// `I/N`.
    public var description: String { "\(index)/\(count)" }
}
