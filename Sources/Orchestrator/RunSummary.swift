import Reports
import Tournament

/// What a finished (or stopped) tournament run leaves: its records, where they are, and
/// whether anything is left to play.
public struct RunSummary: Sendable {
    /// The configuration played, after the run's own adjustments (concurrency fitted to the
    /// open-file limit).
    public let configuration: TournamentConfig
    /// The root URL of the server the games were played on.
    public let serverURL: String
    /// Every rated record in the journal, earlier runs' included, in schedule order; for a
    /// season, those between its current versions (its current standings).
    public let records: [GameRecord]
    /// How many games the schedule holds; for a season, the current versions' round robin.
    public let scheduledGames: Int
    /// Whether a stop was requested before every game had a result.
    public let stoppedEarly: Bool
    /// The journal's path.
    public let journalPath: String
    /// The reports written at the end, or nil when the run was asked not to write them.
    public let reports: ReportWriter.Written?
    /// A Swiss tournament's rounds as they stand at the end of the run; nil for other formats.
    public var swiss: SwissProgress? = nil
    /// Whether the scheduler ended the tournament before all its games were played (a
    /// sequential test that decided), so that the games it did not need are not missing.
    public var endedEarly = false

    /// Scheduled games with no rated result: stopped before they were played, or abandoned
    /// after ``Tournament/TournamentRunner/maximumAttempts`` attempts without a result.
    public var missingGames: Int {
        endedEarly ? 0 : max(0, scheduledGames - records.count)
    }

    /// Whether every game the tournament (or this shard) asks for has a rated result.
    public var isComplete: Bool { missingGames == 0 }
}
