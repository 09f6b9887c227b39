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

    @Test("the CPU time of children that exited and were reaped is in the bot's count", .enabled(if: SandboxLauncher().fallbackWarning == nil))
    func reapedChildrenCounted() throws {
        var plan = try SandboxLauncher().plan(for: ExternalBotSpec(command: ["python3", "-c", Self.thinker]))
        // Foundation's Process gives the child no descriptor 4 for bwrap's status.
        if let status = plan.arguments.firstIndex(of: "--json-status-fd") { plan.arguments.removeSubrange(status...status + 1) }
        let accounting = try #require(plan.accounting)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: plan.executable)
        process.arguments = Array(plan.arguments.dropFirst())
        process.environment = Dictionary(uniqueKeysWithValues: (plan.environment ?? []).map { entry in
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        })
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            // The kernel may take a moment to empty the group after bwrap has exited.
            for folder in plan.removeAfterExit.reversed() {
                var attempts = 0
                while rmdir(folder) != 0, errno != ENOENT, attempts < 1000 {
                    attempts += 1
                    usleep(10_000)
                }
            }
        }
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        let children = try #require(Double(String(decoding: line, as: UTF8.self)))
        #expect(children >= 1.2, "the children used \(children) s")
        let counted = Double(try #require(accounting.cpuNanoseconds())) / 1e9
        // Everything the children used, and the interpreter's own start besides.
        #expect(counted >= children, "the cgroup counted \(counted) s; the reaped children alone used \(children) s")
    }

    @Test("each bot process gets a CPU share of its own, beside the runner's processes, with a quota of one CPU (cgroup v1)", .enabled(if: FileManager.default.fileExists(atPath: "/sys/fs/cgroup/cpu/cpu.cfs_quota_us")))
    func cpuQuotaPerBot() throws {
        let plan = try SandboxLauncher().plan(for: ExternalBotSpec(command: ["/usr/bin/true"]))
        // Nothing was started: remove the plan's groups here, as a process's end would.
        defer { for folder in plan.removeAfterExit.reversed() { rmdir(folder) } }
        let group = try #require(plan.removeAfterExit.first { $0.hasPrefix("/sys/fs/cgroup/cpu/salvo-bot-\(getpid())-") }, "\(plan.removeAfterExit)")
        let quota = try String(contentsOfFile: group + "/cpu.cfs_quota_us", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(quota == "100000")
    }
}
