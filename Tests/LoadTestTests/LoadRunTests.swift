import Foundation
import RunControl
import Synchronization
import Testing
import Tournament

@testable import LoadTest

/// `salvo load` as a library call (``LoadRun``), in-process: the embedded server it starts on
/// loopback, real HTTP, real files. Each run plays a few games, so each takes seconds.
@Suite("Load run", .serialized, .timeLimit(.minutes(2)))
struct LoadRunTests {
    static func temporaryFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("salvo-load-run-\(UUID().uuidString)").path
    }

    @Test("the embedded server, 3 games: all finished, the report graded and written, the games in server.sqlite; whileLoading ran until the end")
    func embedded() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let options = LoadRun.Options(
            server: .embedded, stop: .games(3), concurrency: 2, bot: .random, seed: 5, threads: 2, requestTimeout: .seconds(30), listEvery: 2,
            requirements: try LoadRequirement.parseList("errors=0"), output: folder
        )
        let heard = Mutex<[String]>([])
        let outcome = try await LoadRun(options: options).run { loading in
            heard.withLock { $0.append("loading \(loading.server) \(loading.folder) \(loading.settings.stop)") }
            // Beside the load until it has ended.
            while !Task.isCancelled { try? await Task.sleep(for: .seconds(60)) }
            heard.withLock { $0.append("cancelled") }
        }
        #expect(outcome.isComplete && outcome.folder == folder && outcome.output == folder)
        let report = outcome.report
        #expect(report.embeddedServer && report.server.hasPrefix("http://127.0.0.1:") && report.shard == nil)
        #expect(report.games.started == 3 && report.games.finished == 3 && report.games.failed == 0 && report.games.inconsistent == 0)
        #expect(report.settings.games == 3 && report.settings.seed == 5 && report.settings.concurrency == 2)
        #expect(report.total.errorCount == 0 && report.total.requests > 3 * 17)
        #expect(report.requirements?.verdict == .met && report.requirements?.checks.map(\.requirement) == ["errors=0"])
        // The files are the returned report's.
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/load.json")) == report.json())
        #expect(try String(contentsOfFile: folder + "/load.html", encoding: .utf8) == LoadReportHTML.render(report))
        #expect(FileManager.default.fileExists(atPath: folder + "/server.sqlite"))
        let lines = heard.withLock { $0 }
        #expect(lines == ["loading \(report.server) \(folder) games(3)", "cancelled"], "\(lines)")
    }

    @Test("a shard plays its part of the whole load's games, on boards of its own, into OUTPUT/shards/I/")
    func shard() async throws {
        let output = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let options = LoadRun.Options(
            server: .embedded, stop: .games(3), concurrency: 2, bot: .random, seed: 5, threads: 1, requestTimeout: .seconds(30), listEvery: 0,
            shard: try Shard(index: 1, count: 2), output: output
        )
        let outcome = try await LoadRun(options: options).run()
        #expect(outcome.isComplete && outcome.folder == output + "/shards/1" && outcome.output == output)
        let report = outcome.report
        // 3 games in 2 shards: 2 for shard 0, 1 for shard 1.
        #expect(report.shard == "1/2" && report.settings.games == 1 && report.games.finished == 1)
        #expect(report.settings.seed == 5 &+ 1 &* 0x9E37_79B9_7F4A_7C15)
        #expect(FileManager.default.fileExists(atPath: output + "/shards/1/load.json"))
        #expect(!FileManager.default.fileExists(atPath: output + "/load.json"))
    }

    @Test("a shard's games are the even share, one more for the first shards")
    func shares() throws {
        let shares = try (0..<3).map { LoadRun.share(of: 10, shard: try Shard(index: $0, count: 3)) }
        #expect(shares == [4, 3, 3])
        #expect(LoadRun.share(of: 1, shard: try Shard(index: 1, count: 2)) == 0)
    }

    @Test("a shard left without a game, or an output folder that cannot be made: the run says so and starts no server")
    func refusedBeforeStarting() async throws {
        let output = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let empty = LoadRun.Options(server: .embedded, stop: .games(1), shard: try Shard(index: 1, count: 2), output: output)
        let none = await #expect(throws: LoadRunError.self) {
            _ = try await LoadRun(options: empty).run { _ in Issue.record("loaded without a game to play") }
        }
        #expect(none?.description == "shard 1/2 has no game to play: --games 1 is fewer than the 2 shards")
        #expect(!FileManager.default.fileExists(atPath: output))

        // A file where the folder would be.
        try Data("x".utf8).write(to: URL(fileURLWithPath: output))
        let blocked = LoadRun.Options(server: .embedded, stop: .games(1), output: output + "/load")
        let refused = await #expect(throws: LoadRunError.self) {
            _ = try await LoadRun(options: blocked).run { _ in Issue.record("loaded without a folder") }
        }
        guard case .cannotCreateOutputFolder(let path, _) = refused else {
            Issue.record("not the folder's error: \(String(describing: refused))")
            return
        }
        #expect(path == output + "/load")
        #expect(refused?.description.hasPrefix("Cannot create the output folder \(output)/load: ") == true)
    }

    @Test("an unreachable server: the run throws its sentence, its clients shut down (a debug build stops at one left running), no report written")
    func unreachable() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let options = LoadRun.Options(server: .url("http://127.0.0.1:1"), stop: .duration(.seconds(1)), threads: 2, output: folder)
        let error = await #expect(throws: LoadRunError.self) {
            _ = try await LoadRun(options: options).run { _ in Issue.record("loaded an unreachable server") }
        }
        guard case .unreachable(let server, _) = error else {
            Issue.record("not unreachable: \(String(describing: error))")
            return
        }
        #expect(server == "http://127.0.0.1:1")
        #expect(error?.description.hasPrefix("The server at http://127.0.0.1:1 is unreachable (") == true)
        #expect(!FileManager.default.fileExists(atPath: folder + "/load.json"))
    }

    @Test("stop requested mid-run: the run ends after the requests in flight, incomplete, and its report, written, has no verdicts")
    func stopped() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let options = LoadRun.Options(
            server: .embedded, stop: .duration(.seconds(60)), concurrency: 2, bot: .random, threads: 1, requestTimeout: .seconds(30),
            requirements: try LoadRequirement.parseList("errors=0"), output: folder
        )
        let stop = StopSignal()
        let outcome = try await LoadRun(options: options).run(stop: stop) { loading in
            while loading.recorder.snapshot.requests < 20, !Task.isCancelled { try? await Task.sleep(for: .milliseconds(5)) }
            stop.request()
        }
        #expect(!outcome.isComplete && outcome.report.requirements == nil)
        #expect(outcome.report.total.requests >= 20 && outcome.report.elapsedSeconds < 60)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/load.json")) == outcome.report.json())
    }
}
