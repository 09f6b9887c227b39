import ArgumentParser
import Foundation
import Reports
import Tournament

/// `salvo report DIR`: rebuilds a run's results.json, index.html and replays from its journal.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Rebuild a run's reports (results.json, index.html, replays) from its journal.",
        discussion: """
            Reads DIR/journal.jsonl alone, as a stream, using the configuration in its first line, \
            and writes DIR/results.json, DIR/index.html, a page per bot in DIR/bots/, and the \
            replays packed a thousand games to a file in DIR/replays/, shown by \
            DIR/replays/viewer.html#game=N. The pages need no server: open index.html in any \
            browser, even from a copy of the folder. With --replay-files, every game's replay is \
            also written as DIR/replays/NNNN.json (NNNN: its schedule index); `salvo replay N \
            --from DIR --format json` gives any one game's. The formats are described in \
            reports/README.md. With --csv, \
            also DIR/standings.csv: the current standings for grading, one row per entry (rank, \
            name, version, rating, interval_low, interval_high, tied_ranks, games, wins, losses, \
            forfeits).
            """
    )

    @Argument(help: "A run's output folder, e.g. reports/demo.")
    var directory: String

    @Flag(help: "Also write the standings as CSV to DIR/standings.csv, beside results.json.")
    var csv = false

    @Flag(help: "Also write every game's replay as a file of its own, replays/NNNN.json, for tools that want one file per game.")
    var replayFiles = false

    /// Accepted as on every command; report prints no notes, only its result.
    @OptionGroup var console: OutputOptions

    func run() async throws {
        // A run still writing this folder owns it: rebuilding under it would race its journal.
        // (A folder that does not exist holds no journal, which the writer says.)
        var lock: FolderLock?
        if FileManager.default.fileExists(atPath: directory) {
            lock = try FolderLock.acquire(directory, createFolder: false)
        }
        defer { lock?.release() }
        let written: ReportWriter.Written = try ReportWriter.write(directory: directory, options: .init(replayFiles: replayFiles, csv: csv))
        print("Wrote \(written.results), \(written.replayCount) replays (\(directory)/\(ReportLayout.viewer)) and \(written.index)")
        if let csv = written.csv { print("Wrote \(csv)") }
    }
}
