import Foundation
import Tournament

/// What one shard's folder (`OUTPUT/shards/INDEX/`) holds for `salvo merge`: its journal's
/// first line and, for every `finished` line in the order written, its game's index, whether
/// it has a result and where the line lies, read as a stream (``Tournament/JournalStream``):
/// the records themselves are read again only when the merged journal is written
/// (``records(at:)``). A shard that never started has no journal, or an empty one: then
/// `start` is nil and its games are missing.
public struct ShardJournal: Sendable {
    /// A `finished` line: its game, whether it has a result, where it lies.
    public struct Line: Sendable {
        public var index: Int
        public var rated: Bool
        public var location: JournalStream.Location
    }

    /// The number in the folder's name.
    public let folderIndex: Int
    /// The journal's path, for messages.
    public let path: String
    /// The journal's first line; nil when the shard never started.
    public let start: JournalStart?
    /// Every game the shard finished, attempts with no result included, in journal order.
    public let finished: [Line]
    /// A season's shard: the nights it played, in order (each night's shards play its games).
    public let nights: [SeasonNight]
    private let stream: JournalStream?

    init(folderIndex: Int, path: String, start: JournalStart?, finished: [Line], nights: [SeasonNight] = [], stream: JournalStream?) {
        self.folderIndex = folderIndex
        self.path = path
        self.start = start
        self.finished = finished
        self.nights = nights
        self.stream = stream
    }

    /// The records of the lines at `locations`, in that order.
    public func records(at locations: [JournalStream.Location]) throws(MergeError) -> [GameRecord] {
        guard let stream, !locations.isEmpty else { return [] }
        do {
            return try stream.entries(at: locations).compactMap { entry in
                if case .finished(let record) = entry { return record }
                return nil
            }
        } catch {
            throw Self.error(error, path: path)
        }
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

    /// Reads the journal of shard folder `index` of `output`, as a stream.
    public static func load(output: String, index: Int) throws(MergeError) -> ShardJournal {
        let path = TournamentConfig.shardDirectory(output: output, index: index) + "/journal.jsonl"
        guard FileManager.default.fileExists(atPath: path) else {
            return ShardJournal(folderIndex: index, path: path, start: nil, finished: [], stream: nil)
        }
        let stream: JournalStream
        do {
            stream = try JournalStream(path: path)
        } catch .empty {
            return ShardJournal(folderIndex: index, path: path, start: nil, finished: [], stream: nil)
        } catch {
            throw Self.error(error, path: path)
        }
        var start: JournalStart?
        if case .started(let first) = stream.first { start = first }
        var finished: [Line] = []
        var nights: [SeasonNight] = []
        do {
            try stream.forEach { entry, location in
                switch entry {
                case .started(let first) where start == nil: start = first
                case .finished(let record): finished.append(Line(index: record.index, rated: record.termination != .noResult, location: location))
                case .night(let night): nights.append(night)
                default: break
                }
            }
        } catch let failure as JournalStream.Failure {
            throw Self.error(failure, path: path)
        } catch {
            throw .damagedJournal(path: path, line: 0, detail: "\(error)")
        }
        return ShardJournal(folderIndex: index, path: path, start: start, finished: finished, nights: nights, stream: stream)
    }

    static func error(_ failure: JournalStream.Failure, path: String) -> MergeError {
        switch failure {
        case .cannotRead(let detail): .damagedJournal(path: path, line: 0, detail: "it cannot be read: \(detail)")
        case .damaged(let line, let detail): .damagedJournal(path: path, line: line, detail: detail)
        case .empty: .damagedJournal(path: path, line: 1, detail: "it is empty")
        }
    }
}
