import Foundation
import Tournament

/// The file-writing edge of reports: builds every report of a run (pure builders) and writes
/// them into its folder: `results.json`, `index.html`, and `replays/NNNN.json` and
/// `replays/NNNN.html` for every game played.
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
    }

    /// Rebuilds the reports of the run in `directory` from its journal alone.
    @discardableResult
    public static func write(directory: String, generatedAt: Date = Date()) throws(ReportError) -> Written {
        try write(journal: RunJournal.load(directory: directory), directory: directory, generatedAt: generatedAt)
    }

    /// Writes the reports of `journal` into `directory`.
    @discardableResult
    public static func write(journal: RunJournal, directory: String, generatedAt: Date = Date()) throws(ReportError) -> Written {
        let folder = URL(fileURLWithPath: directory)
        let replays = folder.appendingPathComponent(ReportLayout.replays)
        do {
            try FileManager.default.createDirectory(at: replays, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: replays.path, detail: error.localizedDescription)
        }
        let config = journal.configuration
        let history = GameHistory(finished: journal.finished)
        for record in history.games {
            let replay = ReplayBuilder.replay(of: record, tournament: config.name)
            try save(try encode { try ReportJSON.file(replay) }, to: folder.appendingPathComponent(ReportLayout.replayJSON(index: record.index)))
            let page = try encode { try ReplayPage.render(replay, indexLink: "../\(ReportLayout.index)") }
            try save(Data(page.utf8), to: folder.appendingPathComponent(ReportLayout.replayHTML(index: record.index)))
        }
        let results = ResultsBuilder.build(config: config, history: history, generatedAt: generatedAt)
        let resultsURL = folder.appendingPathComponent(ReportLayout.results)
        let indexURL = folder.appendingPathComponent(ReportLayout.index)
        try save(try encode { try ReportJSON.file(results) }, to: resultsURL)
        try save(Data(IndexPage.render(results).utf8), to: indexURL)
        return Written(results: resultsURL.path, index: indexURL.path, replayCount: history.games.count)
    }

    static func encode<T>(_ body: () throws -> T) throws(ReportError) -> T {
        do {
            return try body()
        } catch {
            // Only non-finite numbers fail to encode; the builders never produce them.
            throw .cannotWrite(path: "(report data)", detail: "\(error)")
        }
    }

    static func save(_ data: Data, to url: URL) throws(ReportError) {
        do {
            try data.write(to: url)
        } catch {
            throw .cannotWrite(path: url.path, detail: error.localizedDescription)
        }
    }
}
