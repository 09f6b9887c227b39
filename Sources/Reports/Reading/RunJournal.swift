import Foundation
import Tournament

/// What `salvo report` needs from a run's folder: the configuration in the journal's first
/// line and every `finished` record, in journal order.
///
/// A season's journal (``Tournament/SeasonNight``) reads as its current standings: the last
/// night's entries, and the games between their current versions; the games of earlier
/// versions are kept apart, in ``earlierVersions``, for the history and for `salvo rematch`.
public struct RunJournal: Sendable {
    /// The configuration the run started with; a season's with its last night's entries.
    public var configuration: TournamentConfig
    /// Every `finished` line's record, in the order written; a season's, those between its
    /// current versions.
    public var finished: [GameRecord]
    /// Every id a server handed out in this run, of finished games and of attempts that never
    /// finished (`created` and `joined` lines): game ids and player ids.
    public let serverIDs: Set<String>
    /// What the sandbox of the machine that started the run could not enforce (the journal's
    /// `unenforced`), a sentence each; empty where it enforced everything.
    public let unenforced: [String]
    /// A season's nights, in order; empty for any other tournament.
    public var nights: [SeasonNight] = []
    /// A season's records of games that involve an earlier version, in the order written.
    public var earlierVersions: [GameRecord] = []

    public init(configuration: TournamentConfig, finished: [GameRecord], serverIDs: Set<String>? = nil, unenforced: [String] = []) {
        self.configuration = configuration
        self.finished = finished
        self.serverIDs = serverIDs ?? Set(finished.flatMap { [$0.gameId] + $0.players.map(\.playerId) })
        self.unenforced = unenforced
    }

    /// Every record of the journal, earlier versions' included, in the order written.
    public var allFinished: [GameRecord] {
        earlierVersions.isEmpty ? finished : (earlierVersions + finished).sorted { $0.index < $1.index }
    }

    /// The configuration that played game `index`: a season's with the night the game
    /// belongs to (its entries and its games); the run's for any other tournament.
    public func configuration(ofGame index: Int) -> TournamentConfig {
        guard let night = nights.last(where: { $0.indices.contains(index) }) else { return configuration }
        var config = configuration
        config.bots = night.bots
        config.context.seasonNight = night
        return config
    }

    /// Reads `DIRECTORY/journal.jsonl`.
    public static func load(directory: String) throws(ReportError) -> RunJournal {
        let path = (directory as NSString).appendingPathComponent(ReportLayout.journal)
        guard FileManager.default.fileExists(atPath: path) else { throw .missingJournal(path: path) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .damagedJournal(path: path, detail: "it cannot be read")
        }
        let entries: [JournalEntry]
        do {
            entries = try JournalContents(data).entries
        } catch {
            throw .damagedJournal(path: path, detail: "line \(error.line): " + Self.shortened(error.detail))
        }
        guard case .started(let start)? = entries.first else { throw .noConfiguration(path: path) }
        var configuration = start.configuration
        var finished = entries.compactMap { entry -> GameRecord? in
            if case .finished(let record) = entry { return record }
            return nil
        }
        let nights = entries.compactMap { entry -> SeasonNight? in
            if case .night(let night) = entry { return night }
            return nil
        }
        var earlier: [GameRecord] = []
        if let last = nights.last {
            configuration.bots = last.bots
            configuration.context.seasonNight = last
            let scheduler = configuration.scheduler
            earlier = finished.filter { !scheduler.countsInStandings($0) }
            finished = finished.filter(scheduler.countsInStandings)
        }
        var ids: Set<String> = []
        for entry in entries {
            switch entry {
            case .created(_, _, let gameId, let creatorPlayerId): ids.formUnion([gameId, creatorPlayerId])
            case .joined(_, let joinerPlayerId): ids.insert(joinerPlayerId)
            case .finished(let record): ids.formUnion([record.gameId] + record.players.map(\.playerId))
            default: break
            }
        }
        var journal = RunJournal(configuration: configuration, finished: finished, serverIDs: ids, unenforced: start.unenforced)
        journal.nights = nights
        journal.earlierVersions = earlier
        return journal
    }

    /// The record of the game `id`: a server game id (any attempt's), else a schedule index.
    public func record(id: String) -> GameRecord? {
        let finished = allFinished
        if let match = finished.last(where: { $0.gameId == id }) { return match }
        guard let index = Int(id) else { return nil }
        return GameHistory(finished: finished).game(index: index)
    }

    /// The first line of a long decoding error, cut to a readable length.
    static func shortened(_ text: String) -> String {
        let line = text.split(separator: "\n").first.map(String.init) ?? text
        return line.count > 240 ? String(line.prefix(240)) + "…" : line
    }
}
