import Foundation
import HeadlessBrowser
import SalvoTestSupport

/// A real report with bot pages, made once per test run: `salvo run` of two built-ins under
/// hostile names and an external bot that writes hostile text to stderr and crashes on its
/// fourth turn, then everything rebuilt by `salvo report` from the journal alone.
struct BotPageReport: Sendable {
    static let scriptName = "<script>alert(1)</script>"
    static let hostileName = #"Tom & "Jerry" <i>it</i>"#

    static var tournamentFile: String {
        """
        # Written by the browser tests of the bots' pages.
        name: bot-pages
        format: round-robin
        games_per_pairing: 2
        concurrency: 3
        seed: 11
        bots:
          - density
          - name: "<script>alert(1)</script>"
            builtin: parity
          - name: "Tom & \\"Jerry\\" <i>it</i>"
            command: python3 \(Paths.fixture("hostile_stderr_bot.py").path)
            sandbox: none
            # Its crash writes 200 KB to stderr first: on a machine loaded past 25 runnable
            # tasks the default 1 s (3 s on the clock) was once too short to see it end, and
            # the default 5 s to start Python once too short for its name.
            move_timeout_ms: 5000
            startup_timeout_ms: 20000

        """
    }

    /// The run's output folder.
    var directory: URL
    /// `results.json`, parsed.
    var results: JSONValue

    var index: URL { directory.appendingPathComponent("index.html") }
    var games: [JSONValue] { results["games"]?.array ?? [] }
    var standings: [JSONValue] { results["standings"]?.array ?? [] }

    /// The games `bot` played, from results.json.
    func games(of bot: String) -> [JSONValue] {
        games.filter { ($0["players"]?.array ?? []).contains(.string(bot)) }
    }

    /// The replay JSON of game `index`.
    func replay(_ index: Int) throws -> JSONValue {
        try JSONValue.parse(Data(contentsOf: directory.appendingPathComponent("replays/" + String(format: "%04d", index) + ".json")))
    }

    static let shared = Task { try await make() }

    static func make() async throws -> BotPageReport {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-bot-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("bot-pages.yaml")
        try tournamentFile.write(to: file, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("run")
        // A fixed seed key (docs/seeds.md), so that every run plays the same games: density wins
        // some against parity, which the shots chart needs.
        try FixedSeedKey.write(into: output.path)
        let run = try await SalvoExecutable.run(["run", file.path, "--output", output.path])
        guard run.status == 0 else { throw TournamentReport.SetupFailure(command: "salvo run", output: run) }
        for generated in ["index.html", "results.json", "replays", "bots"] {
            try? FileManager.default.removeItem(at: output.appendingPathComponent(generated))
        }
        // With a replay file per game, which the tests compare against the pages.
        let report = try await SalvoExecutable.run(["report", output.path, "--replay-files"])
        guard report.status == 0 else { throw TournamentReport.SetupFailure(command: "salvo report", output: report) }
        let results = try JSONValue.parse(Data(contentsOf: output.appendingPathComponent("results.json")))
        return BotPageReport(directory: output, results: results)
    }
}
