import Foundation
import Processes
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A build's process, alone: started from the spawning threads, its output in a log, its exit
/// awaited on the event loop, its whole group killed. Real processes, no bot.
@Suite("A logged child process")
struct LoggedProcessTests {
    /// A log file in a fresh folder, opened for appending; the caller closes it.
    static func log() throws -> (path: String, descriptor: Int32) {
        let folder = NSTemporaryDirectory() + "salvo-logged-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/build.log"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        try #require(descriptor >= 0)
        return (path, descriptor)
    }

    @Test("its output and errors land in the log, its exit status is its own, and its environment is what it was given")
    func outputAndStatus() async throws {
        let (path, descriptor) = try Self.log()
        let process = try await LoggedProcess.start(
            executable: "/bin/sh", arguments: ["sh", "-c", "echo out; echo err >&2; echo \"$SALVO_MARK\"; exit 3"],
            environment: ["PATH=/usr/bin:/bin", "SALVO_MARK=marked"], log: descriptor
        ).get()
        close(descriptor)
        #expect(await process.waitExit(within: .seconds(60)))
        let status = process.reap()
        #expect(status >> 8 & 0xff == 3, "exit status \(status)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "out\nerr\nmarked\n")
    }

    @Test("killing its group ends what it started too, and the wait ends at once instead of at its deadline")
    func killGroup() async throws {
        let (path, descriptor) = try Self.log()
        // A child that starts a grandchild in its group, says the grandchild's pid, and waits.
        let process = try await LoggedProcess.start(
            executable: "/bin/sh", arguments: ["sh", "-c", "sleep 300 & echo $!; wait"], environment: nil, log: descriptor
        ).get()
        close(descriptor)
        var grandchild: pid_t = 0
        for _ in 0..<500 where grandchild == 0 {
            grandchild = pid_t((try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n").first.flatMap { Int32($0) } ?? 0)
            if grandchild == 0 { try await Task.sleep(for: .milliseconds(20)) }
        }
        try #require(grandchild > 0, "the child never said its grandchild's pid")
        #expect(kill(grandchild, 0) == 0, "the grandchild runs")
        let waiting = Task { await process.waitExit(within: .seconds(600)) }
        process.killGroup()
        #expect(await waiting.value, "the wait did not see the kill")
        _ = process.reap()
        // The grandchild was in the group: killed with it (reaped by init once orphaned).
        var gone = false
        for _ in 0..<500 where !gone {
            gone = kill(grandchild, 0) != 0 || Self.isZombie(grandchild)
            if !gone { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(gone, "the grandchild \(grandchild) outlived its group's kill")
    }

    @Test("a program that cannot be started is a spawn failure naming the system call and the error, not a process")
    func cannotStart() async throws {
        let (_, descriptor) = try Self.log()
        defer { close(descriptor) }
        let started = await LoggedProcess.start(executable: "/nonexistent/salvo-build", arguments: ["build"], environment: nil, log: descriptor)
        guard case .failure(let failure) = started else {
            Issue.record("a missing program was started")
            return
        }
        #expect(failure.detail == "posix_spawn: No such file or directory")
        let empty = await LoggedProcess.start(executable: "/bin/sh", arguments: [], environment: nil, log: descriptor)
        guard case .failure(let emptyFailure) = empty else {
            Issue.record("an empty command was started")
            return
        }
        #expect(emptyFailure.detail == "empty command")
    }

    /// Whether `pid` is a zombie (`State: Z` in /proc): ended, not yet reaped by its parent.
    static func isZombie(_ pid: pid_t) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return true }
        return status.split(separator: "\n").contains { $0.hasPrefix("State:") && $0.contains("Z") }
    }
}
