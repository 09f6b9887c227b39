import Bots
import Foundation
import Orchestrator
import SafeText
import Sandbox
import Testing
import Tournament

/// A bot's memory cap is its total over all its processes, not each one's: a reused bot
/// (`restart: reuse`) whose processes each hold less than the cap, three or more of them in
/// flight at once, holds more than the cap together (Fixtures/hostile/memory_pool.py).
@Suite("Memory capped per bot, not per process", .serialized, .timeLimit(.minutes(5)))
struct MemoryPerBotTests {
    @Test(
        "a reused bot's processes, each under the memory cap, are killed once together they pass it; the game of the killed process is a memory forfeit",
        .enabled(if: SandboxLauncher().limitMechanism.hasPrefix("cgroup")))
    func capIsTheBotsTotal() async throws {
        // 120 MiB a process (and Python's own 10 or so) under a cap of 300 MB: two fit, three do not.
        var limits = ResourceLimits()
        limits.memoryBytes = 300 << 20
        let spec = ExternalBotSpec(
            command: ["python3", HostileBotTests.folder + "/memory_pool.py", "120"], startupDeadline: .seconds(30), limits: limits, restart: .reuse)
        let bots = [BotEntry(name: "memory_pool", kind: .external(spec)), BotEntry(name: "density", kind: .builtin(.density))]
        let config = TournamentConfig(
            name: "memory-pool", format: .gauntlet, bots: bots, gamesPerPairing: 6, concurrency: 4, seed: 5,
            outputDirectory: HostileBotTests.temporaryDirectory("memory-pool"))
        let summary = try await TournamentRun(configuration: config, options: .init(requestTimeout: .seconds(30), serverLogLevel: .critical)).run()
        #expect(summary.records.count == 6)
        let log = (try? String(contentsOfFile: config.outputDirectory + "/logs/" + FileNameText.name("memory_pool") + ".log", encoding: .utf8)) ?? ""
        let holding = log.components(separatedBy: "HOLDING 120 MiB").count - 1
        #expect(holding >= 3, "at least three processes each held 120 MiB, under the cap alone: \(log.suffix(600))")
        let memoryForfeits = summary.records.filter { record in
            record.termination == .forfeit && record.loser.map { record.player($0).bot } == "memory_pool"
        }
        #expect(!memoryForfeits.isEmpty, "no game of memory_pool was forfeited: its processes held \(holding) × 120 MiB under a cap of 300 MB")
        for record in memoryForfeits {
            #expect(record.reason?.contains("memory cap of 300 MB reached") == true, "\(record.reason ?? "")")
        }
        // A process alone fits: the others' games are played out.
        #expect(memoryForfeits.count < summary.records.count, "\(summary.records.map { $0.reason ?? "played out" })")
    }
}
