/// A way of choosing a tournament's games, as small as a format needs: the games to play next
/// given the results, the planned total, and where a game sat. One type per format
/// (``RoundRobinScheduler``, ``GauntletScheduler``, ``SwissScheduler``), ``SPRTScheduler`` for
/// a match that stops once its test decides, ``SeasonScheduler`` for a season's night. A new
/// format is one new type that conforms, plus a case of ``TournamentFormat`` that names it
/// (docs/formats.md).
///
/// What only some formats have sits behind protocols of their own, asked for where it matters:
/// a split into shards (``ShardableScheduler``), an end before the last game
/// (``EarlyEndingScheduler``), Swiss rounds (``SwissRoundsScheduler``), a season of
/// submissions (``SeasonableScheduler``), standings over more games than a run plays
/// (``SeasonStandingsScheduler``). How a tournament is described in words is the CLI's.
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
    /// How many games the whole tournament has once every one is played; for a sequential
    /// test, the most it plays.
    var plannedGames: Int { get }

    /// The games to play next, given the results so far: none that has a rated result, and
    /// none the run has given up on; an empty batch when nothing is left to play. Throws
    /// when the results cannot be this scheduler's (a journal written by a Salvo that
    /// scheduled otherwise).
    func nextGames(after results: ScheduleResults) throws(ScheduleError) -> ScheduleBatch

    /// The game with schedule index `index` as the results place it (a Swiss round's games
    /// exist once the round is paired); nil when there is no such game.
    func game(at index: Int, after results: ScheduleResults) -> ScheduledGame?
}
