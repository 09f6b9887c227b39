import Bots
import Foundation
import JSONCoding
import Orchestrator
import Reports
import SalvoTestSupport
import Testing

@testable import Tournament

/// The game clock in a whole tournament (`time_control:`), from the file to the records, the
/// journal and the reports: real bot processes on the embedded server.
@Suite("The game clock in a tournament", .serialized, .timeLimit(.minutes(3)))
struct GameClockRunTests {
    static func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("salvo-clock-\(UUID().uuidString)").path
    }

    static func file(_ output: String, clock: String?) -> String {
        """
        name: clocked
        games_per_pairing: 2
        concurrency: 3
        seed: 5
        output: \(output)
        \(clock.map { "time_control: \($0)" } ?? "")
        bots:
          - density
          - name: honest
            command: python3 \(RunnerTests.root.appendingPathComponent("bots/python/random_bot.py").path)
          - name: sleepy
            command: \(RunnerTests.fixture("sleepy_bot.py").joined(separator: " ")) 1.0
        """
    }

    @Test(
        "under time_control: 3.5+0.1 a bot that sleeps 1 s a move loses every game on time after 3 shots, the honest external bot none; the clock is in the journal, results.json and the page"
    )
    func slowBotLosesOnTime() async throws {
        let output = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let file = try TournamentFileParser().read(Self.file(output, clock: "3.5+0.1"), file: "clocked.yaml")
        #expect(file.config.timeControl == TimeControl(baseMilliseconds: 3_500, incrementMilliseconds: 100))
        let started = ContinuousClock.now
        let summary = try await TournamentRun(
            configuration: file.config, options: .init(storage: .memory, requestTimeout: .seconds(30), serverLogLevel: .critical)
        ).run()
        #expect(summary.records.count == 6)
        for record in summary.records {
            let bots = record.players.map(\.bot)
            if bots.contains("sleepy") {
                #expect(record.termination == .forfeit)
                let loser = try #require(record.loser)
                #expect(record.player(loser).bot == "sleepy")
                #expect(record.forfeitKind == .time)
                #expect(record.reason?.contains("The bot lost on time: it ran out of its game clock (3.5+0.1): ") == true, "\(record.reason ?? "")")
                #expect(record.reason?.hasSuffix(" s used over 4 moves") == true, "\(record.reason ?? "")")
                // Three shots answered before the bank ran out in the fourth (3.5, 2.6, 1.7, 0.8 left).
                #expect(record.shots.count { $0.seat == loser } == 3)
            } else {
                #expect(record.termination == .win, "\(bots): \(record.reason ?? "")")
            }
        }
        // Four games of it, each to its natural end, would take minutes (80 and more moves of 1 s).
        #expect(ContinuousClock.now - started < .seconds(100))

        // The journal keeps the clock, and reads it back.
        let journal = try String(contentsOfFile: output + "/journal.jsonl", encoding: .utf8)
        #expect(journal.contains(#""timeControl":"3.5+0.1""#))
        guard case .started(let start) = try Journal.read(path: output + "/journal.jsonl").first else {
            Issue.record("no started line")
            return
        }
        #expect(start.configuration.timeControl == file.config.timeControl)

        // results.json: the clock, and the forfeits by kind.
        let results = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output + "/results.json"))) as? [String: Any])
        let configuration = try #require(results["configuration"] as? [String: Any])
        #expect(configuration["timeControl"] as? String == "3.5+0.1")
        let standings = try #require(results["standings"] as? [[String: Any]])
        let sleepy = try #require(standings.first { $0["bot"] as? String == "sleepy" })
        #expect(sleepy["forfeits"] as? [String: Int] == ["time": 4])
        let index = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
        #expect(index.contains("game clock 3.5+0.1"))
        // The schemas know the clock and the kind `time`: results.json, and a replay lost on time.
        let lost = try #require(summary.records.first { $0.forfeitKind == .time })
        let replay = output + "/replay-time.json"
        try ReplayJSONWriter.file(ReplayBuilder.replay(of: lost, tournament: "clocked")).write(to: URL(fileURLWithPath: replay))
        let replayObject = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: replay))) as? [String: Any])
        #expect((replayObject["outcome"] as? [String: Any])?["forfeitKind"] as? String == "time")
        let resultsErrors = try await ProjectPython.schemaErrors(
            schema: ProjectPython.schema("results.schema.json"), documents: [output + "/results.json"])
        #expect(resultsErrors.isEmpty, "\(resultsErrors)")
        let replayErrors = try await ProjectPython.schemaErrors(schema: ProjectPython.schema("replay.schema.json"), documents: [replay])
        #expect(replayErrors.isEmpty, "\(replayErrors)")
    }

    @Test("time_control: none is no clock, and a file without the key has the default, 10+0.1")
    func noClock() throws {
        let file = try TournamentFileParser().read(Self.file("unused", clock: "none"), file: "clocked.yaml")
        #expect(file.config.timeControl == nil)
        // The default, when the file says nothing.
        let plain = try TournamentFileParser().read(Self.file("unused", clock: nil), file: "clocked.yaml")
        #expect(plain.config.timeControl == .tournamentDefault)
    }
}
