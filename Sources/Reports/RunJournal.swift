import Foundation
import Tournament

/// What `salvo report` needs from a run's folder: the configuration in the journal's first
/// line and every `finished` record, in journal order.
public struct RunJournal: Sendable {
    /// The configuration the run started with.
    public let configuration: TournamentConfig
    /// Every `finished` line's record, in the order written.
    public let finished: [GameRecord]
    /// Every id a server handed out in this run, of finished games and of attempts that never
    /// finished (`created` and `joined` lines): game ids and player ids.
    public let serverIDs: Set<String>
    /// What the sandbox of the machine that started the run could not enforce (the journal's
    /// `unenforced`), a sentence each; empty where it enforced everything.
    public let unenforced: [String]

    public init(configuration: TournamentConfig, finished: [GameRecord], serverIDs: Set<String>? = nil, unenforced: [String] = []) {
        self.configuration = configuration
        self.finished = finished
        self.serverIDs = serverIDs ?? Set(finished.flatMap { [$0.gameId] + $0.players.map(\.playerId) })
        self.unenforced = unenforced
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
        let configuration = start.configuration
        let finished = entries.compactMap { entry -> GameRecord? in
            if case .finished(let record) = entry { return record }
            return nil
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
        return RunJournal(configuration: configuration, finished: finished, serverIDs: ids, unenforced: start.unenforced)
    }

    /// The record of the game `id`: a server game id (any attempt's), else a schedule index.
    public func record(id: String) -> GameRecord? {
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
