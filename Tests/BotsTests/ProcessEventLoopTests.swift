import BattleshipRules
import Foundation
import Processes
import Testing

@testable import Bots

@Suite("The bots' event loop: waits end on readiness or on their own deadline, and an idle wait costs nothing")
struct ProcessEventLoopTests {
    /// CPU time (user and system) of this process's threads named `name`, in seconds (the
    /// shared loop's and those of the loops other tests made); nil when there is none.
    static func threadCPU(named name: String) -> Double? {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        var total: Double?
        for task in tasks {
            let comm = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
            guard comm.trimmingCharacters(in: .whitespacesAndNewlines) == name,
                let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { continue }
            total = (total ?? 0) + (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
        }
        return total
    }

    @Test("a wait with a near deadline ends at it although a wait with a far deadline began first")
    func earlierDeadlineWakesTheLoop() async throws {
        var far: [Int32] = [0, 0]
        var near: [Int32] = [0, 0]
        #expect(pipe(&far) == 0 && pipe(&near) == 0)
        defer { for fd in far + near { close(fd) } }
        // A loop of its own, which no other suite's bots wake meanwhile.
        let loop = ProcessEventLoop()
        let farRead = far[0]
        let farTask = Task { await loop.wait([.readable(farRead)], until: ProcessEventLoop.now() + 60_000_000_000) }
        try await Task.sleep(for: .milliseconds(100))
        let start = ProcessEventLoop.now()
        let nearResult = await loop.wait([.readable(near[0])], until: start + 200_000_000)
        let waited = ProcessEventLoop.now() - start
        #expect(nearResult == nil, "nothing was written: the near wait times out")
        #expect(waited >= 200_000_000, "never before its deadline")
        #expect(waited < 30_000_000_000, "at its own deadline, not the far wait's 60 s")
        // The far wait is still waiting, and ends as soon as its pipe has something.
        _ = write(far[1], "x", 1)
        #expect(await farTask.value == far[0])
    }

    @Test("a wait on two descriptors reports the one that became ready")
    func reportsTheReadyDescriptor() async throws {
        var first: [Int32] = [0, 0]
        var second: [Int32] = [0, 0]
        #expect(pipe(&first) == 0 && pipe(&second) == 0)
        defer { for fd in first + second { close(fd) } }
        let loop = ProcessEventLoop()
        _ = write(second[1], "y", 1)
        let ready = await loop.wait([.readable(first[0]), .readable(second[0])], until: ProcessEventLoop.now() + 10_000_000_000)
        #expect(ready == second[0])
        // The descriptors left the set with the wait: the same ones can be waited on again.
        _ = write(first[1], "x", 1)
        #expect(await loop.wait([.readable(first[0]), .readable(second[0])], until: nil) != nil)
    }

    /// A bot whose stderr has reached its end while the runner waits for its shot: a loop that
    /// kept watching that pipe would wake at once, again and again, for the whole 2 s.
    @Test("a bot that closes its stderr and thinks costs the runner no CPU while it thinks")
    func closedStderrDoesNotSpin() async throws {
        var bot = ExternalBot(
            ExternalBotSpec(command: ["python3", Paths.fixture("no_stderr_bot.py")], moveDeadline: .seconds(10), startupDeadline: .seconds(60)),
            seed: 1)
        try await bot.start(GameStart())
        let before = try #require(Self.threadCPU(named: ProcessEventLoop.threadName))
        let shot = try await bot.nextShot()
        let used = try #require(Self.threadCPU(named: ProcessEventLoop.threadName)) - before
        await bot.finish(.abandoned(reason: "test"))
        #expect(shot == Coordinate(x: 0, y: 0))
        #expect(used < 0.3, "the event loop used \(used) s of CPU in the bot's 2 s of thinking")
    }
}

@Suite("A bot process's end: seen without reaping, so its group id is never someone else's")
struct ChildProcessEndTests {
    static func state(of pid: Int32) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(close, offsetBy: 2)]
    }

    @Test("an ended bot stays a zombie, holding its pid and group id, until it is killed; then it is reaped")
    func endedNotReapedUntilKilled() async throws {
        let plan = try DirectLauncher().plan(for: ExternalBotSpec(command: ["/bin/sh", "-c", "exit 3"]))
        let process = try await ChildProcess.start(plan: plan, logPath: nil)
        #expect(await process.waitExit(until: ProcessEventLoop.now() + 60_000_000_000))
        #expect(process.exitStatus == 3 << 8, "exit status 3 in waitpid's form")
        #expect(Self.state(of: process.pid) == "Z", "seen ended, not reaped: its pid cannot be reused yet")
        process.kill()
        #expect(Self.state(of: process.pid) == nil, "reaped by kill()")
        #expect(process.exitStatus == 3 << 8)
        process.kill()  // the deinit's call after an explicit one: nothing to do, nothing signalled
    }
}
