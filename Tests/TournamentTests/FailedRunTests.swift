import Bots
import Foundation
import Orchestrator
import Testing

@testable import Tournament

/// A run that fails before its first game leaves nothing behind; one that played keeps all.
@Suite("A run that never started", .serialized, .timeLimit(.minutes(2)))
struct FailedRunTests {
    static func config(_ output: String, server: ServerChoice) -> TournamentConfig {
        TournamentConfig(
            name: "never", bots: [BotEntry(name: "density", kind: .builtin(.density)), BotEntry(name: "parity", kind: .builtin(.parity))],
            gamesPerPairing: 2, server: server, outputDirectory: output
        )
    }

    @Test("an unreachable server: the error names it, and the output folder it would have made is not there")
    func unreachableLeavesNothing() async throws {
        let parent = RunnerTests.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        let output = parent + "/out"
        await #expect {
            _ = try await TournamentRun(configuration: Self.config(output, server: .url("http://127.0.0.1:1"))).run()
        } throws: { "\($0)".contains("http://127.0.0.1:1 is unreachable") }
        #expect(!FileManager.default.fileExists(atPath: output), "\((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? [])")
        // A shard's run too: neither its folder nor shards/ nor the output folder stays.
        var shard = Self.config(output, server: .url("http://127.0.0.1:1"))
        shard.context.shard = try Shard(index: 1, count: 2)
        await #expect(throws: OrchestratorError.self) { _ = try await TournamentRun(configuration: shard).run() }
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test("a folder that holds a played run keeps every file when a later run cannot reach its server, and a file of the user's is never touched")
    func playedRunKeepsAll() async throws {
        let output = RunnerTests.temporaryDirectory()
        let options = TournamentRun.Options(storage: .memory, writeReports: false, serverLogLevel: .critical)
        _ = try await TournamentRun(configuration: Self.config(output, server: .embedded), options: options).run()
        try "mine\n".write(toFile: output + "/notes.txt", atomically: true, encoding: .utf8)
        let before = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
        let journal = try Data(contentsOf: URL(fileURLWithPath: output + "/journal.jsonl"))
        await #expect(throws: OrchestratorError.self) {
            _ = try await TournamentRun(configuration: Self.config(output, server: .url("http://127.0.0.1:1"))).run()
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).sorted() == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: output + "/journal.jsonl")) == journal)
    }
}
