import Foundation
import Orchestrator
import SalvoTestSupport
import Synchronization
import Testing
import Tournament

/// A tournament file as one library call (``Orchestrator/TournamentFileRun``): what `salvo run`
/// does, without the command line.
@Suite("A tournament file run as a library call")
struct TournamentFileRunTests {
    @Test("a file with bots_from runs in one call: the submissions entered, a season's night played, the reports written, the steps heard")
    func season() async throws {
        let directory = try ClassFolder.make(["alice", "bob"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let yaml = try String(contentsOfFile: directory + "/season.yaml", encoding: .utf8)
        try yaml.replacingOccurrences(of: "bots_from: subs", with: "bots_from: \(directory)/subs").write(
            toFile: directory + "/season.yaml", atomically: true, encoding: .utf8)
        let file = try TournamentFileParser().read(fileAt: directory + "/season.yaml")
        let steps = Mutex<[String]>([])
        let events = Mutex<[String]>([])
        let run = TournamentFileRun(file: file, overrides: .init(outputDirectory: directory + "/out", gamesPerPairing: 2))
        #expect(run.configuration.bots.map(\.name) == ["random"], "before entering: the listed bot alone")
        let summary = try await run.run(
            steps: { step in
                if case .entered(let entries, _) = step { steps.withLock { $0.append("entered \(entries.entered.map(\.name))") } }
            },
            progress: { event in
                if case .season(let changes) = event { events.withLock { $0.append(changes.summary) } }
            })
        #expect(steps.withLock { $0 } == ["entered [\"alice\", \"bob\"]"])
        #expect(events.withLock { $0 } == ["Season night 1: 2 new entries (alice, bob); 6 games to play"])
        #expect(summary.isComplete)
        #expect(summary.records.count == 6)
        #expect(summary.configuration.bots.map(\.name) == ["random", "alice", "bob"])
        #expect(FileManager.default.fileExists(atPath: directory + "/out/index.html"))
    }

    @Test("the overrides are the command line's: each replaces the file's setting, the rest stay")
    func overrides() throws {
        let directory = try ClassFolder.make([])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = try TournamentFileParser().read(fileAt: directory + "/season.yaml")
        let config = TournamentFileRun(
            file: file,
            overrides: .init(
                server: .url("http://127.0.0.1:9"), outputDirectory: "elsewhere", gamesPerPairing: 8, concurrency: 3, seed: 42,
                pollInterval: .milliseconds(70), purePolling: true, shard: try Shard(parsing: "1/2")
            )
        ).configuration
        #expect(config.server == .url("http://127.0.0.1:9") && config.outputDirectory == "elsewhere" && config.gamesPerPairing == 8)
        #expect(config.concurrency == 3 && config.seed == 42 && config.pollInterval == .milliseconds(70) && !config.wakeLocalOpponent)
        #expect(config.context.shard == (try Shard(parsing: "1/2")))
        let plain = TournamentFileRun(file: file).configuration
        #expect(plain.gamesPerPairing == 2 && plain.concurrency == 2 && plain.wakeLocalOpponent && plain.context.shard == nil)
    }
}
