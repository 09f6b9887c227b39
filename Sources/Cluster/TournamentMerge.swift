import Foundation
import Reports
import Tournament

/// `salvo merge OUTPUT`: the shards of a tournament under `OUTPUT/shards/` become one
/// journal, `OUTPUT/journal.jsonl`, and the usual reports beside it, as if one process had
/// played every game (``ShardMerge`` says how).
///
/// It claims the output folder and every shard folder first (``Tournament/FolderLock``), so
/// it never reads a shard that is still being played and never races another merge. The
/// merged journal replaces the old one in one rename, and is made anew from the shards each
/// time. A tournament with missing games is refused, listing them, unless `allowIncomplete`.
///
/// ```swift
/// let merged = try TournamentMerge(output: "reports/class").run()
/// print(merged.tournament.ratedGames, merged.reports.index)
/// ```
public struct TournamentMerge: Sendable {
    /// What a merge wrote.
    public struct Outcome: Sendable {
        public let tournament: MergedTournament
        public let journalPath: String
        public let reports: ReportWriter.Written
    }

    public let output: String
    public let allowIncomplete: Bool

    public init(output: String, allowIncomplete: Bool = false) {
        self.output = (output as NSString).standardizingPath
        self.allowIncomplete = allowIncomplete
    }

    public func run(generatedAt: Date = Date()) throws(MergeError) -> Outcome {
        var locks: [FolderLock] = []
        defer { locks.forEach { $0.release() } }
        do {
            locks.append(try FolderLock.acquire(output, createFolder: false))
            for index in ShardJournal.folderIndices(output: output) {
                locks.append(try FolderLock.acquire(TournamentConfig.shardDirectory(output: output, index: index), createFolder: false))
            }
        } catch {
            throw .folder(error)
        }
        var shards: [ShardJournal] = []
        for index in ShardJournal.folderIndices(output: output) {
            shards.append(try ShardJournal.load(output: output, index: index))
        }
        let merged = try ShardMerge.merge(shards, output: output)
        if !merged.isComplete && !allowIncomplete { throw .incomplete(merged) }

        let journalPath = output + "/" + ReportLayout.journal
        try Self.replace(journalPath, with: ([JournalEntry.started(merged.start)] + merged.records.map(JournalEntry.finished)).flatMap(JournalCodec.line))
        let written: ReportWriter.Written
        do {
            written = try ReportWriter.write(journal: RunJournal(configuration: merged.configuration, finished: merged.records), directory: output, generatedAt: generatedAt)
        } catch {
            throw .cannotWrite(path: output, detail: error.description)
        }
        return Outcome(tournament: merged, journalPath: journalPath, reports: written)
    }

    /// Writes `bytes` beside `path`, syncs them, and renames them over it: a kill at any
    /// moment leaves the old file or the new one, whole.
    static func replace(_ path: String, with bytes: [UInt8]) throws(MergeError) {
        let temporary = path + ".merging"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path: temporary, detail: String(cString: strerror(errno))) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                let detail = String(cString: strerror(errno))
                close(descriptor)
                throw .cannotWrite(path: temporary, detail: detail)
            }
            offset += written
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard synced, rename(temporary, path) == 0 else { throw .cannotWrite(path: path, detail: String(cString: strerror(errno))) }
    }
}
