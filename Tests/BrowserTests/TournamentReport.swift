import Foundation
import HeadlessBrowser
import SalvoTestSupport

/// A real report folder, made once per test run: a tiny round robin played by the real
/// `salvo run` on its embedded server, then rebuilt from the journal by `salvo report`.
/// Two built-ins play under hostile display names, so every page must escape them.
struct TournamentReport: Sendable {
    /// A name that runs a script if a page writes it as markup.
    static let scriptName = "<script>alert(1)</script>"
    /// A name with every character that matters in attributes and text.
    static let markupName = #"Tom & "Jerry" <i>it</i>"#

    static let tournamentFile = """
        # Written by the browser tests: four built-ins, two under hostile names.
        name: browser-test
        format: round-robin
        games_per_pairing: 2
        concurrency: 4
        seed: 7
        bots:
          - density
          - random
          - name: "<script>alert(1)</script>"
            builtin: parity
          - name: "Tom & \\"Jerry\\" <i>it</i>"
            builtin: hunt-target

        """

    /// The run's output folder.
    var directory: URL
    /// `results.json`, parsed.
    var results: JSONValue

    var index: URL { directory.appendingPathComponent("index.html") }

    /// The bots of results.json's standings, best first.
    var rankedBots: [String] {
        let rows = (results["standings"]?.array ?? []).sorted { ($0["rank"]?.int ?? .max) < ($1["rank"]?.int ?? .max) }
        return rows.compactMap { $0["bot"]?.string }
    }

    /// results.json's games.
    var games: [JSONValue] { results["games"]?.array ?? [] }

    /// The one report of this test run, made on first use.
    static let shared = Task { try await make() }

    /// Why the shared report could not be made. A thrown error, not `#require`: every test
    /// that awaits the shared report must fail with it, and Swift Testing reports an
    /// `#require` failure only in the test that happened to run it.
    struct SetupFailure: Error, CustomStringConvertible {
        var command: String
        var output: SalvoOutput
        var description: String {
            let lines = output.err.split(separator: "\n").filter { $0.contains("Fatal error") || $0.hasPrefix("Error") }
            return "\(command) exited with status \(output.status): \(lines.first.map(String.init) ?? String(output.err.suffix(500)))"
        }
    }

    static func make() async throws -> TournamentReport {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("browser-test.yaml")
        try tournamentFile.write(to: file, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("run")
        // A fixed seed key: the same games every run (docs/seeds.md).
        try FixedSeedKey.write(into: output.path)
        let run = try await SalvoExecutable.run(["run", file.path, "--output", output.path])
        guard run.status == 0 else { throw SetupFailure(command: "salvo run", output: run) }
        // Rebuild everything from the journal alone, as `salvo report` is documented to.
        for generated in ["index.html", "results.json", "replays"] {
            try? FileManager.default.removeItem(at: output.appendingPathComponent(generated))
        }
        let report = try await SalvoExecutable.run(["report", output.path])
        guard report.status == 0 else { throw SetupFailure(command: "salvo report", output: report) }
        let results = try JSONValue.parse(Data(contentsOf: output.appendingPathComponent("results.json")))
        return TournamentReport(directory: output, results: results)
    }
}
