/// What a run reports while it goes, for a progress display; the runner never formats text.
public enum ProgressEvent: Sendable {
    /// The run begins: `total` games scheduled, `alreadyDone` of them finished by earlier
    /// runs; `standings` holds the rated records the standings count so far (in schedule
    /// order), so a display ranks the whole tournament: every earlier run's games, and in a
    /// season every earlier night's between the current versions (whose `total` and
    /// `alreadyDone` are the night's).
    case started(total: Int, alreadyDone: Int, standings: [GameRecord])
    /// A game ended; `done` games of `total` now have a rated result.
    case gameFinished(GameRecord, done: Int, total: Int)
    /// A game ended without a result and will be played again.
    case willRerun(index: Int, reason: String)
    /// A game ended without a result for the last of its `attempts`: this run leaves it
    /// unplayed (the next run of the same command tries it again).
    case abandoned(index: Int, reason: String, attempts: Int)
    /// The tournament's sequential test decided; no more games are played.
    case sprtDecided(SPRTTally)
    /// A Swiss round was paired and its games are about to start (`rounds`: the tournament's
    /// number of rounds); on a continued run, the round that was under way is paired again.
    case roundPaired(SwissRound, rounds: Int)

    /// The run begins with `alreadyRated` (earlier runs' rated records) done and counted.
    public static func started(total: Int, alreadyRated: [GameRecord]) -> ProgressEvent {
        .started(total: total, alreadyDone: alreadyRated.count, standings: alreadyRated)
    }
}
