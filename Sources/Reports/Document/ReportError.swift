/// Why reports could not be built or written; each description is one sentence saying what
/// was wrong and what to do.
public enum ReportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No journal in the folder.
    case missingJournal(path: String)
    /// The journal has a line that is not a journal entry.
    case damagedJournal(path: String, detail: String)
    /// The journal does not start with the run's configuration.
    case noConfiguration(path: String)
    /// A file could not be written.
    case cannotWrite(path: String, detail: String)
    /// No game of the run has this id or schedule index.
    case unknownGame(id: String, journal: String)
    /// No game of a published folder has this schedule index (or game id).
    case unknownPublishedGame(id: String, results: String)
    /// A folder holds neither a run's journal nor a published report.
    case noGames(directory: String)
    /// A published report's file (results.json, a pack of replays) cannot be read.
    case damagedPublication(path: String, detail: String)
    /// An export's folder holds files that are not an earlier export's.
    case exportFolderInUse(path: String)

    public var description: String {
        switch self {
        case .missingJournal(let path):
            "There is no journal at \(path); give the output folder of a `salvo run` (the folder that holds journal.jsonl)."
        case .damagedJournal(let path, let detail):
            "The journal \(path) is damaged (\(detail)); restore it from a copy or run the tournament again into a new folder."
        case .noConfiguration(let path):
            "The journal \(path) does not begin with the run's configuration (it was written by an older Salvo or is not a journal); run the tournament again with this version to get reports."
        case .cannotWrite(let path, let detail):
            "Cannot write \(path) (\(detail)); check that the folder exists and is writable."
        case .unknownGame(let id, let journal):
            "No game with id or schedule index `\(id)` in \(journal); `salvo games` on the folder lists the games."
        case .unknownPublishedGame(let id, let results):
            "No game with schedule index `\(id)` has a replay in the folder of \(results); its games' indices are the `index` of results.json's games (a published folder keeps no game ids)."
        case .noGames(let directory):
            "There is no journal (\(directory)/journal.jsonl) and no published report (results.json and replays/pack-NNNN.js) in \(directory); give the output folder of a `salvo run` or a folder `salvo publish` wrote."
        case .damagedPublication(let path, let detail):
            "The published report's file \(path) cannot be read (\(detail)); publish the run again with `salvo publish`, or export from the run's own folder."
        case .exportFolderInUse(let path):
            "\(path) is not empty and holds no earlier export (games.csv and shots.csv); give a new or empty folder, so no file of yours is overwritten."
        }
    }
}
