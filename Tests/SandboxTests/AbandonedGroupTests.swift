import Foundation
import SalvoTestSupport
import Testing

@testable import Sandbox

/// A runner killed with SIGKILL can leave a sandboxed bot running (bwrap's parent-death signal
/// does not survive its change of user): the next runner's sweep of the groups of dead runs
/// kills what is still in them, then removes the groups.
@Suite("Groups of killed runs are swept", .serialized)
struct AbandonedGroupTests {
    static let memory = "/sys/fs/cgroup/memory/salvo"

    /// A process id no process has now.
    static func deadPID() -> Int32 {
        var candidate: Int32 = 4_000_000
        while kill(candidate, 0) == 0 || errno != ESRCH { candidate -= 1 }
        return candidate
    }

    @Test(
        "a process left in a dead runner's group is killed and the group removed; a live runner's group is left alone",
        .enabled(if: geteuid() == 0 && access(memory, W_OK) == 0))
    func sweepKillsLeftovers() async throws {
        let dead = Self.deadPID()
        let abandoned = Self.memory + "/bot-\(dead)-1"
        let live = Self.memory + "/bot-\(getpid())-999999"
        for group in [abandoned, live] { try #require(mkdir(group, 0o755) == 0 || errno == EEXIST, "cannot make \(group)") }
        let leftover = try TestProcess("/bin/sleep", ["60"])
        let mine = try TestProcess("/bin/sleep", ["60"])
        defer {
            for process in [leftover, mine] { process.send(SIGKILL) }
            rmdir(abandoned)
            rmdir(live)
        }
        try "\(leftover.pid)\n".write(toFile: abandoned + "/cgroup.procs", atomically: false, encoding: .utf8)
        try "\(mine.pid)\n".write(toFile: live + "/cgroup.procs", atomically: false, encoding: .utf8)

        Cgroups.sweep(Self.memory)
        for _ in 0..<100 where leftover.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!leftover.isRunning, "the process left by the dead runner still runs")
        let ended = try await leftover.finish(timeout: .seconds(60))
        #expect(ended.signalled && ended.status == SIGKILL)
        #expect(!FileManager.default.fileExists(atPath: abandoned), "the dead runner's group is still there")
        #expect(mine.isRunning && FileManager.default.fileExists(atPath: live), "a live runner's group was swept")
        // Out of the group before it is removed.
        try "\(mine.pid)\n".write(toFile: Self.memory + "/cgroup.procs", atomically: false, encoding: .utf8)
    }
}
