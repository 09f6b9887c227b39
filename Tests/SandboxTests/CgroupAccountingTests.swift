import Bots
import Foundation
import Testing

@testable import Sandbox

/// What a sandboxed bot's cgroup counts, read while the bot lives: the CPU time of children
/// that have exited and been reaped, which no walk of the live process tree can see.
@Suite("A bot's cgroup counts its whole tree", .timeLimit(.minutes(2)))
struct CgroupAccountingTests {
    /// Forks 8 children one after another, each spinning until it has used 0.15 s of CPU
    /// (CPU, not the clock: the same on a loaded machine), reaps each, prints what they used
    /// in all (their rusage), then waits for its input to close.
    static let thinker = """
        import os, sys, time
        total = 0.0
        for _ in range(8):
            pid = os.fork()
            if pid == 0:
                while time.process_time() < 0.15:
                    pass
                os._exit(0)
            _, _, usage = os.wait4(pid, 0)
            total += usage.ru_utime + usage.ru_stime
        print(total, flush=True)
        sys.stdin.read()
        """

    @Test(
        "the CPU time of children that exited and were reaped is in the bot's count",
        .enabled(if: SandboxLauncher().cgroupWarning.map { $0.contains("CPU share") } ?? true))
    func reapedChildrenCounted() async throws {
        let plan = try SandboxLauncher().plan(for: ExternalBotSpec(command: ["python3", "-c", Self.thinker]))
        let accounting = try #require(plan.accounting)
        let process = try await PlanProcess(plan)
        defer { process.finish() }
        let line = try process.readLine()
        let children = try #require(Double(line))
        #expect(children >= 1.2, "the children used \(children) s")
        let counted = Double(try #require(accounting.cpuNanoseconds())) / 1e9
        // Everything the children used, and the interpreter's own start besides.
        #expect(counted >= children, "the cgroup counted \(counted) s; the reaped children alone used \(children) s")
    }

    @Test(
        "each bot process gets a CPU share of its own, beside the runner's processes, with a quota of one CPU (cgroup v1)",
        .enabled(if: FileManager.default.fileExists(atPath: "/sys/fs/cgroup/cpu/cpu.cfs_quota_us")))
    func cpuQuotaPerBot() throws {
        let plan = try SandboxLauncher().plan(for: ExternalBotSpec(command: ["/usr/bin/true"]))
        // Nothing was started: remove the plan's groups here, as a process's end would.
        defer { for folder in plan.removeAfterExit.reversed() { rmdir(folder) } }
        let group = try #require(plan.removeAfterExit.first { $0.hasPrefix("/sys/fs/cgroup/cpu/salvo-bot-\(getpid())-") }, "\(plan.removeAfterExit)")
        let quota = try String(contentsOfFile: group + "/cpu.cfs_quota_us", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(quota == "100000")
    }
}
