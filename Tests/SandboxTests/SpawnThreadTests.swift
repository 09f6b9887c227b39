import Bots
import Foundation
import Sandbox
import Testing

/// bwrap's --die-with-parent ends the sandbox when the thread that started it ends (Linux's
/// parent-death signal follows the thread, not the process), and libdispatch ends a worker
/// thread some 5 s after it went idle: a bot must be spawned from a thread that lives as long
/// as the runner (`SpawnThread`), never from whichever thread ran the game's task.
@Suite("A sandboxed bot and the thread that started it", .timeLimit(.minutes(3)))
struct SpawnThreadTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The child of this process whose command line has `argument`; nil when there is none.
    static func child(withArgument argument: String) -> Int32? {
        let own = String(getpid())
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int32(entry) != nil {
            guard let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                line.split(separator: 0).contains(where: { String(decoding: $0, as: UTF8.self) == argument }),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                // `PID (COMMAND) STATE PPID ...`: the fields after the command's closing parenthesis.
                let close = stat.lastIndex(of: ")")
            else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, fields[1] == own { return Int32(entry) }
        }
        return nil
    }

    /// Whether process `pid` is gone, a zombie, or has a SIGKILL waiting (`/proc/PID/status`).
    static func isKilled(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return true }
        for line in status.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            if parts[0] == "State", parts[1].hasPrefix("Z") || parts[1].hasPrefix("X") { return true }
            if parts[0] == "SigPnd" || parts[0] == "ShdPnd", let pending = UInt64(parts[1], radix: 16), pending & (1 << (SIGKILL - 1)) != 0 {
                return true
            }
        }
        return false
    }

    @Test("a sandboxed bot started from a thread that has ended since is not killed, and still answers")
    func botOutlivesItsStartingThread() async throws {
        let folder = Self.repository + "/bots/python"
        // An argument the bot ignores, to find its sandbox among this process's children.
        let mark = "spawn-thread-test-\(UUID().uuidString)"
        let spec = ExternalBotSpec(command: ["python3", folder + "/random_bot.py", mark], startupDeadline: .seconds(60), folder: folder)
        let bot = ExternalBot(spec, seed: 1, launcher: SandboxLauncher())
        // The start runs on a thread of the test's own, which then ends, as an idle worker of
        // libdispatch would. Had the bot's bwrap been spawned from that thread, the kernel has
        // sent it SIGKILL by the time end() returns, and it is gone or dying.
        let executor = try EndableThreadExecutor()
        var fault: BotFault?
        do {
            try await withTaskExecutorPreference(executor) { () async throws(BotFault) in
                try await bot.start(GameStart(movesFirst: true))
            }
        } catch {
            fault = error
        }
        let sandbox = Self.child(withArgument: mark)
        try executor.end()
        if fault == nil {
            let found = try #require(sandbox, "no child of this process runs the bot")
            #expect(!Self.isKilled(found), "the sandbox was killed with the thread that started it")
            do {
                _ = try await bot.nextShot()
            } catch {
                fault = error
            }
        }
        await bot.finish(.abandoned(reason: "test over"))
        #expect(fault == nil, "\(String(describing: fault))")
    }
}
