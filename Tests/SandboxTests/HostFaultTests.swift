import Bots
import Foundation
import Orchestrator
import Sandbox
import Synchronization
import Testing
import Tournament

/// The runner's own failures are never charged to a bot: a sandbox that cannot start a bot
/// for a reason of the host stops the run before the first game, in one line with the fix,
/// and a launch that fails inside bubblewrap during a run is a game without result.
@Suite("Host faults are not forfeits", .serialized, .timeLimit(.minutes(5)))
struct HostFaultTests {
    static let randomBot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("bots/python/random_bot.py").path

    static func temporaryDirectory(_ label: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("salvo-\(label)-\(UUID().uuidString)").path
    }

    /// A tournament of density against the Python random bot copied to `folder`.
    static func config(botIn folder: String, label: String) throws -> TournamentConfig {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try FileManager.default.copyItem(atPath: randomBot, toPath: folder + "/random_bot.py")
        let spec = ExternalBotSpec(command: ["python3", folder + "/random_bot.py"], startupDeadline: .seconds(30))
        let bots = [BotEntry(name: "density", kind: .builtin(.density)), BotEntry(name: "random", kind: .external(spec))]
        return TournamentConfig(
            name: label, format: .gauntlet, bots: bots, gamesPerPairing: 2, concurrency: 2, seed: 3, outputDirectory: temporaryDirectory(label))
    }

    @Test(
        "a bot in a folder the sandbox's user cannot read stops the run before the first game, in one line naming the bot, bubblewrap's words and the fix",
        .enabled(if: geteuid() == 0))
    func unreadableFolderRefused() async throws {
        let closed = Self.temporaryDirectory("closed")
        try FileManager.default.createDirectory(atPath: closed, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: closed) }
        let config = try Self.config(botIn: closed + "/random", label: "closed-run")
        do {
            let summary = try await TournamentRun(configuration: config, options: .init(requestTimeout: .seconds(30), serverLogLevel: .critical))
                .run()
            Issue.record("the run went on: \(summary.records.map { $0.reason ?? "win" })")
        } catch {
            let line = error.description
            #expect(line.split(separator: "\n").count == 1)
            #expect(line.contains("bot random"), "\(line)")
            #expect(line.contains("Permission denied"), "\(line)")
            #expect(line.contains("chmod o+rx"), "\(line)")
        }
        #expect(!FileManager.default.fileExists(atPath: config.outputDirectory + "/journal.jsonl"))
    }

    /// The real sandbox, except that every launch after the first (the check before the first
    /// game) binds a folder that does not exist: bubblewrap fails before the bot runs.
    final class FailingAfterCheck: BotLauncher, Sendable {
        let sandbox = SandboxLauncher()
        let launches = Atomic<Int>(0)

        func plan(for spec: ExternalBotSpec) throws(BotFault) -> LaunchPlan {
            var plan = try sandbox.plan(for: spec)
            guard launches.wrappingAdd(1, ordering: .relaxed).oldValue > 0,
                let bwrap = plan.arguments.firstIndex(where: { $0.hasSuffix("/bwrap") })
            else { return plan }
            plan.arguments.insert(contentsOf: ["--ro-bind", "/salvo-no-such-folder", "/missing"], at: bwrap + 1)
            return plan
        }
    }

    @Test("a launch that fails inside bubblewrap during a run is a game without result, played again, never a forfeit")
    func failedLaunchIsNoResult() async throws {
        let config = try Self.config(botIn: Self.temporaryDirectory("open") + "/random", label: "host-fault")
        let summary = try await TournamentRun(
            configuration: config, options: .init(requestTimeout: .seconds(30), serverLogLevel: .critical, launcher: FailingAfterCheck())
        ).run()
        #expect(summary.records.isEmpty, "\(summary.records.map { $0.reason ?? "win" })")
        let journal = try String(contentsOfFile: config.outputDirectory + "/journal.jsonl", encoding: .utf8)
        let finished = journal.split(separator: "\n").filter { $0.contains("\"termination\"") }
        // Each of the 2 games tried as often as a game without result is.
        #expect(finished.count == 2 * TournamentRunner.maximumAttempts)
        for line in finished {
            #expect(line.contains("\"no-result\""), "\(line)")
            #expect(line.contains("The sandbox could not start the bot: bwrap: Can't find source path /salvo-no-such-folder"), "\(line)")
        }
    }
}
