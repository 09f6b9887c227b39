import Foundation

/// Where `salvo replay` finds games: a run's output folder (its journal, ``JournalGames``) or,
/// without a journal, a folder `salvo publish` wrote (``PublishedReport``), read for what it
/// holds and nothing more.
///
/// ```swift
/// let archive = try GameArchive.open(directory: "public/class")
/// let replay = try archive.replay(id: "17")
/// ```
public enum GameArchive: Sendable {
    case journal(JournalGames<JournalFileSource>)
    case published(PublishedReport)

    /// The archive of `directory`: its journal when it has one, else its published report.
    public static func open(directory: String) throws(ReportError) -> GameArchive {
        let journal = (directory as NSString).appendingPathComponent(ReportLayout.journal)
        if FileManager.default.fileExists(atPath: journal) {
            return .journal(JournalGames(source: try JournalFileSource(path: journal), directory: directory))
        }
        guard PublishedReport.isPublished(directory) else { throw .noGames(directory: directory) }
        return .published(try PublishedReport(directory: directory))
    }

    /// The tournament's name.
    public var tournament: String {
        switch self {
        case .journal(let games): games.tournament
        case .published(let report): report.tournament
        }
    }

    /// Why no game has the id `id`, in a sentence that says where to look.
    public func unknownGame(id: String) -> ReportError {
        switch self {
        case .journal(let games): .unknownGame(id: id, journal: games.source.path)
        case .published: .unknownPublishedGame(id: id, results: file)
        }
    }

    /// The file whose games an unknown id was looked for in, for messages.
    public var file: String {
        switch self {
        case .journal(let games): games.source.path
        case .published(let report): (report.directory as NSString).appendingPathComponent(ReportLayout.results)
        }
    }

    /// The replay of the game `id` (a schedule index, or a game id where the folder keeps
    /// them); nil when there is no such game.
    public func replay(id: String) throws(ReportError) -> ReplayDocument? {
        switch self {
        case .journal(let games): try games.replay(id: id)
        case .published(let report): try report.replay(id: id)
        }
    }

    /// Calls `body` with every game, in schedule order; returns how many, and how many games
    /// the folder lists without a replay (a published folder's; 0 for a journal).
    @discardableResult
    public func forEachGame(_ body: (ExportedGame) throws(ReportError) -> Void) throws(ReportError) -> (exported: Int, missing: Int) {
        switch self {
        case .journal(let games): (try games.forEachGame(body), 0)
        case .published(let report): try report.forEachGame(body)
        }
    }
}
