import Foundation
import Reports
import Tournament

/// `salvo merge OUTPUT`: the shards of a tournament under `OUTPUT/shards/` become one
/// journal, `OUTPUT/journal.jsonl`, and the usual reports beside it, as if one process had
/// played every game (``ShardMerge`` says how). The shards' journals are read as streams, and
/// the merged one is written and then reported on a batch of games at a time: memory holds
/// where each line lies, not the records.
///
/// It claims the output folder and every shard folder first (``Tournament/FolderLock``), so
/// it never reads a shard that is still being played and never races another merge. The
/// merged journal replaces the old one in one rename, and is made anew from the shards each
/// time; a season's is its journal so far, with the night's games from the shards after it
/// (``SeasonMerge``). A tournament with missing games is refused, listing them, unless `allowIncomplete`.
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
        let journalPath = output + "/" + ReportLayout.journal
        let merged: MergedTournament
        if shards.contains(where: { $0.start?.configuration.context.isSeason == true }) {
            // A season's night: added to the season's journal, which holds the nights before it.
            let configuration = try ShardMerge.tournament(of: shards, output: output).configuration
            let season: TournamentRunner.ResumePoint
            do {
                season = try TournamentRunner.resumePoint(journalPath: journalPath, config: configuration)
            } catch {
                throw .season("\(error)")
            }
            merged = try SeasonMerge.merge(shards, season: season, seasonPath: journalPath, output: output)
        } else {
            merged = try ShardMerge.merge(shards, output: output)
        }
        if !merged.isComplete && !allowIncomplete { throw .incomplete(merged) }

        try Self.write(merged, to: journalPath)
        let written: ReportWriter.Written
        do {
            // The merged journal, just written, read back as a stream like any run's.
            written = try ReportWriter.write(directory: output, generatedAt: generatedAt)
        } catch {
            throw .cannotWrite(path: output, detail: error.description)
        }
        return Outcome(tournament: merged, journalPath: journalPath, reports: written)
    }

    /// Writes the merged journal beside `path`, its records read from the shards 1,024 at a
    /// time and written in the current layout, syncs it, and renames it over `path`: a kill at
    /// any moment leaves the old file or the new one, whole.
    static func write(_ merged: MergedTournament, to path: String) throws(MergeError) {
        let temporary = path + ".merging"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path: temporary, detail: String(cString: strerror(errno))) }
        var closed = false
        defer { if !closed { close(descriptor) } }
        if let base = merged.base {
            try copy(base, to: descriptor, path: temporary)
        } else {
            try append(JournalCodec.line(.started(merged.start)), to: descriptor, path: temporary)
        }
        var start = 0
        while start < merged.lines.count {
            let batch = merged.lines[start..<min(merged.lines.count, start + 1_024)]
            start += batch.count
            var bytes: [UInt8] = []
            for record in try merged.records(batch) { bytes += JournalCodec.line(.finished(record)) }
            try append(bytes, to: descriptor, path: temporary)
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        closed = true
        guard synced, rename(temporary, path) == 0 else { throw .cannotWrite(path: path, detail: String(cString: strerror(errno))) }
    }

    /// Copies the whole lines of the journal at `source`, as they are, a megabyte at a time; a
    /// last line without its newline (cut short by a kill) is left out, as a journal's reader
    /// leaves it out, so that the lines appended after it stay lines of their own.
    static func copy(_ source: String, to descriptor: Int32, path: String) throws(MergeError) {
        guard let input = FileHandle(forReadingAtPath: source) else { throw .cannotWrite(path: path, detail: "cannot read \(source)") }
        defer { try? input.close() }
        var carry: [UInt8] = []
        while true {
            let chunk: Data?
            do {
                chunk = try input.read(upToCount: 1 << 20)
            } catch {
                throw .cannotWrite(path: path, detail: "cannot read \(source): \(error.localizedDescription)")
            }
            guard let chunk, !chunk.isEmpty else { return }
            carry += chunk
            guard let end = carry.lastIndex(of: UInt8(ascii: "\n")) else { continue }
            try append(Array(carry[...end]), to: descriptor, path: path)
            carry.removeSubrange(...end)
        }
    }

    static func append(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(MergeError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw .cannotWrite(path: path, detail: String(cString: strerror(errno))) }
            offset += written
        }
    }
}
