import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif
import Submissions
import Tournament

/// POSIX `write(2)`, named apart from `ReportWriter.write`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// The file-writing edge of reports: builds every report of a run (pure builders) and writes
/// them into its folder: `results.json`, `index.html`, and `replays/NNNN.json` and
/// `replays/NNNN.html` for every game played, and `bots/STEM.html` for every bot (``BotPage``).
/// Replays and bot pages are written on all cores; files are
/// written plainly, without an fsync each (they can always be rebuilt from the journal).
///
/// ```swift
/// let written = try ReportWriter.write(directory: "reports/demo")
/// print(written.index)   // reports/demo/index.html
/// ```
public enum ReportWriter {
    /// What was written, as paths.
    public struct Written: Sendable {
        public let results: String
        public let index: String
        public let replayCount: Int
        /// The bots' pages written into `bots/`.
        public let botPageCount: Int
    }

    /// Rebuilds the reports of the run in `directory` from its journal alone.
    @discardableResult
    public static func write(directory: String, generatedAt: Date = Date()) throws(ReportError) -> Written {
        try write(journal: RunJournal.load(directory: directory), directory: directory, generatedAt: generatedAt)
    }

    /// Writes the reports of `journal` into `directory`; the bots' pages name the run's folder
    /// `rematchFolder` in their `salvo rematch` commands (`directory` when nil). A
    /// `publication` (`salvo publish`) gives the submissions' ledger and makes the bots' pages
    /// public ones.
    @discardableResult
    public static func write(journal: RunJournal, directory: String, generatedAt: Date = Date(), rematchFolder: String? = nil, publication: Publication? = nil) throws(ReportError) -> Written {
        let folder = (directory as NSString).standardizingPath
        let replays = folder + "/" + ReportLayout.replays
        do {
            try FileManager.default.createDirectory(atPath: replays, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: replays, detail: error.localizedDescription)
        }
        let config = journal.configuration
        let history = GameHistory(finished: journal.finished)
        let games = history.games
        let chunkCount = min(games.count, ProcessInfo.processInfo.activeProcessorCount * 4)
        let failures = FirstFailure()
        if chunkCount > 0 {
            let chunkSize = (games.count + chunkCount - 1) / chunkCount
            DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
                // The last chunks may be short or empty when the games do not split evenly.
                let start = min(games.count, chunk * chunkSize)
                for record in games[start..<min(games.count, start + chunkSize)] {
                    let replay = ReplayBuilder.replay(of: record, tournament: config.name)
                    do throws(ReportError) {
                        try save(ReportJSON.replayFile(replay), to: folder + "/" + ReportLayout.replayJSON(index: record.index))
                        let page = ReplayPage.bytes(replay, indexLink: "../\(ReportLayout.index)")
                        try save(Data(page), to: folder + "/" + ReportLayout.replayHTML(index: record.index))
                    } catch {
                        failures.record(error)
                        return
                    }
                }
            }
        }
        if let failure = failures.first { throw failure }
        let ledger = publication.map(\.ledger) ?? SubmissionLedger.read(workFolder: folder + "/" + ResultsBuilder.submissionsFolder)
        var results = ResultsBuilder.build(config: config, history: history, generatedAt: generatedAt, submissions: ledger)
        results.season = SeasonHistory.section(nights: journal.nights, records: journal.allFinished)
        results.configuration.unenforced = journal.unenforced.isEmpty ? nil : journal.unenforced
        let resultsPath = folder + "/" + ReportLayout.results
        let indexPath = folder + "/" + ReportLayout.index
        let resultsData: Data
        do {
            resultsData = try ReportJSON.file(results)
        } catch {
            // Only non-finite numbers fail to encode; the builder never produces them.
            throw .cannotWrite(path: resultsPath, detail: "\(error)")
        }
        try save(resultsData, to: resultsPath)
        try save(Data(IndexPage.render(results).utf8), to: indexPath)
        try writeGamePages(results: results, folder: folder)
        let botPages = try writeBotPages(results: results, history: history, folder: folder, runFolder: rematchFolder ?? directory, published: publication != nil)
        return Written(results: resultsPath, index: indexPath, replayCount: games.count, botPageCount: botPages)
    }

    /// Writes `data` to `path`, replacing what was there.
    static func save(_ data: Data, to path: String) throws(ReportError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, detail: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let failed: Int32? = data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                guard let base = raw.baseAddress else { return nil }
                let written = systemWrite(descriptor, base + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return errno }
                offset += written
            }
            return nil
        }
        if let failed { throw .cannotWrite(path: path, detail: String(cString: strerror(failed))) }
    }
}

/// The first error of the parallel replay and bot page writers.
final class FirstFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var error: ReportError?

    func record(_ error: ReportError) {
        lock.lock()
        if self.error == nil { self.error = error }
        lock.unlock()
    }

    var first: ReportError? {
        lock.lock()
        defer { lock.unlock() }
        return error
    }
}
