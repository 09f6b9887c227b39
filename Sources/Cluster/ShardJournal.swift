import Foundation
import Tournament

/// What one shard's folder (`OUTPUT/shards/INDEX/`) holds for `salvo merge`: its journal's
/// first line and every `finished` record, in the order written. A shard that never started
/// has no journal, or an empty one: then `start` is nil and its games are missing.
public struct ShardJournal: Sendable {
    /// The number in the folder's name.
    public let folderIndex: Int
    /// The journal's path, for messages.
    public let path: String
    /// The journal's first line; nil when the shard never started.
    public let start: JournalStart?
    /// Every game the shard finished, attempts with no result included, in journal order.
    public let finished: [GameRecord]

    public init(folderIndex: Int, path: String, start: JournalStart?, finished: [GameRecord]) {
        self.folderIndex = folderIndex
        self.path = path
        self.start = start
        self.finished = finished
    }

    /// The numbers of the shard folders under `OUTPUT/shards/`, in order; folders with other
    /// names are not shards and are left alone.
    public static func folderIndices(output: String) -> [Int] {
        let shards = output + "/shards"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: shards)) ?? []
        return names.compactMap { name in
            guard let index = Int(name), String(index) == name, index >= 0 else { return nil }
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: shards + "/" + name, isDirectory: &isDirectory) && isDirectory.boolValue ? index : nil
        }.sorted()
    }

    /// Reads the journal of shard folder `index` of `output`.
    public static func load(output: String, index: Int) throws(MergeError) -> ShardJournal {
        let path = TournamentConfig.shardDirectory(output: output, index: index) + "/journal.jsonl"
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else {
            return ShardJournal(folderIndex: index, path: path, start: nil, finished: [])
        }
        let entries: [JournalEntry]
        do {
            entries = try JournalContents(data).entries
        } catch {
            throw .damagedJournal(path: path, line: error.line, detail: error.detail)
        }
        var start: JournalStart?
        var finished: [GameRecord] = []
        for entry in entries {
            switch entry {
            case .started(let first) where start == nil: start = first
            case .finished(let record): finished.append(record)
            default: break
            }
        }
        return ShardJournal(folderIndex: index, path: path, start: start, finished: finished)
    }
}
