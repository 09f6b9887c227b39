import Tournament

/// What a tournament run reports as it goes, for a display; the run never formats text.
public enum RunEvent: Sendable {
    /// The open-file limit does not fit `requested` games in flight: `allowed` are played at a
    /// time instead (`filesPerGame` each, `openFiles` in all).
    case concurrencyLimited(requested: Int, allowed: Int, filesPerGame: Int, openFiles: UInt64)
    /// The server answers and games are about to start on it, with `config`: the
    /// configuration played (a season's with its night's entries).
    case playing(serverURL: String, embedded: Bool, config: TournamentConfig)
    /// A season's run has decided its night: what changed since the last, and how many
    /// games it plays.
    case season(SeasonChanges)
    /// The games' own progress.
    case progress(ProgressEvent)
}
