/// A way of choosing a tournament's games: one type per format (``RoundRobinScheduler``,
/// ``GauntletScheduler``, ``SwissScheduler``), and ``SPRTScheduler`` for a match that stops
/// once its test decides. A new format is one new type that conforms, plus a case of
/// ``TournamentFormat`` that names it (docs/formats.md).
///
/// The runner asks for the games to play next, plays them (each until it has a result or has
/// been tried ``TournamentRunner/maximumAttempts`` times), and asks again with the results,
/// until the scheduler has none left or says the tournament is decided. Reports and
/// `salvo rematch` ask it where a game sat, from a journal's results alone.
///
/// ```swift
/// let scheduler = config.scheduler
/// var results = ScheduleResults()
/// while let batch = try scheduler.nextGames(after: results), !batch.games.isEmpty {
///     // play batch.games, adding each record to results
/// }
/// ```
public protocol Scheduler: Sendable {
    /// The configuration it schedules.
    var config: TournamentConfig { get }

    /// How many games the whole tournament has once every one is played; for a sequential
    /// test, the most it plays.
    var plannedGames: Int { get }

    /// How the tournament is played, in words for the run's header ("6 bots, round-robin,
    /// 2 games per pairing").
    var headline: String { get }

    /// The games, when the configuration alone fixes them: what a shard splits
    /// (``Shard``); nil when results choose them.
    var fixedSchedule: FixedSchedule? { get }

    /// Why the tournament cannot be split into shards, in words the caller ends with its own
    /// fix; nil when it can, into at most ``mirroredPairCount`` shards.
    var shardingObstacle: String? { get }

    /// How many of ``plannedGames`` this configuration's run plays: a shard's part
    /// (``TournamentConfig/shard``), or all of them.
    var plannedGamesInRun: Int { get }

    /// How many mirrored pairs of games the schedule holds (a pair's two games share their
    /// fleets, so a shard plays both or neither): the most shards it can be split into.
    var mirroredPairCount: Int { get }

    /// The games to play next, given the results so far: none that has a rated result, and
    /// none the run has given up on; an empty batch when nothing is left to play. Throws
    /// when the results cannot be this scheduler's (a journal written by a Salvo that
    /// scheduled otherwise).
    func nextGames(after results: ScheduleResults) throws(ScheduleError) -> ScheduleBatch

    /// The event that ends the tournament before all its games are played (a sequential
    /// test that has decided); nil while it goes on. Asked after every rated game.
    func earlyEnd(after results: ScheduleResults) -> ProgressEvent?

    /// The game with schedule index `index` as the results place it (a Swiss round's games
    /// exist once the round is paired); nil when there is no such game.
    func game(at index: Int, after results: ScheduleResults) -> ScheduledGame?

    /// Whether a tournament of `bots_from:` submissions in this format is a season: run again
    /// into its folder, it plays only what new versions miss (``SeasonPlan``). False unless
    /// the format says so.
    var playsAsSeason: Bool { get }

    /// How many rated games the standings count once every game is played: ``plannedGames``,
    /// or a season night's whole round robin of its current versions.
    var standingsGames: Int { get }

    /// Whether `record` counts in the standings: every game, or a season's between current
    /// versions.
    func countsInStandings(_ record: GameRecord) -> Bool

    /// How a season of this format plays a new night (``SeasonPlan``): nil for the games the
    /// new versions miss (a round robin's), or that many Swiss rounds over the current
    /// versions. Nil unless the format says so.
    var seasonSwissRounds: Int? { get }

    /// The Swiss rounds as `results` place them, for a format that plays Swiss rounds (a
    /// Swiss tournament, a Swiss season's night); nil for the others.
    func swissProgress(after results: ScheduleResults) -> SwissProgress?

    /// Whether its results are recomputed from the rated records themselves (Swiss rounds are
    /// paired from the standings after each round), so a report keeps them, slimmed; false
    /// unless the format says so.
    var recomputesFromRecords: Bool { get }
}

extension Scheduler {
    public var fixedSchedule: FixedSchedule? { nil }
    public var playsAsSeason: Bool { false }
    public var standingsGames: Int { plannedGames }
    public func countsInStandings(_ record: GameRecord) -> Bool { true }
    public var recomputesFromRecords: Bool { false }
    public var seasonSwissRounds: Int? { nil }
    public func swissProgress(after results: ScheduleResults) -> SwissProgress? { nil }
    public func earlyEnd(after results: ScheduleResults) -> ProgressEvent? { nil }

    public var plannedGamesInRun: Int { fixedSchedule?.countInRun ?? plannedGames }
    public var mirroredPairCount: Int { fixedSchedule?.mirroredPairCount ?? 1 }
}
