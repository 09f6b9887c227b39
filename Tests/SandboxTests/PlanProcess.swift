import Foundation
import Processes

@testable import Bots

/// A sandbox plan started as the runner starts it (``Bots/ChildProcess``'s spawn, on the
/// spawning thread), for tests that watch a sandboxed process from outside: its stdin and
/// stdout as pipes; its stderr and bwrap's status pipe held open and never read. The one test
/// process besides ``SalvoTestSupport/TestProcess`` (which gives a program no input), with
/// Chromium's (`HeadlessBrowser`, its pipes on descriptors 3 and 4) and the Slurm daemons'
/// (`ClusterDaemon`, started and reaped as builds are): each talks to its process in a way the
/// others do not.
struct PlanProcess {
    let plan: LaunchPlan
    /// The process started: bwrap for a bot, the launching shell for a build until it execs.
    let processIdentifier: pid_t
    private let input: FileHandle
    private let output: FileHandle
    private let held: [FileHandle]

    init(_ plan: LaunchPlan) async throws {
        self.plan = plan
        let spawned = try await SpawnThread.run { ChildProcess.spawn(plan) }.get()
        processIdentifier = spawned.pid
        input = FileHandle(fileDescriptor: spawned.input, closeOnDealloc: true)
        output = FileHandle(fileDescriptor: spawned.output, closeOnDealloc: true)
        held = [spawned.errors, spawned.status].filter { $0 >= 0 }.map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
    }

    /// The next line the process writes.
    func readLine() throws -> String {
        var line = Data()
        while let byte = try output.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        return String(decoding: line, as: UTF8.self)
    }

    /// Waits for the process to end and reaps it: its exit status, or 128 plus the signal that
    /// ended it.
    func waitForExit() -> Int32 {
        var status: Int32 = 0
        while waitpid(processIdentifier, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    /// Closes its input, waits for its end, then removes its cgroups (the kernel may take a
    /// moment to empty them) and gives back its lease, as the runner does.
    func finish() {
        try? input.close()
        _ = waitForExit()
        for folder in plan.removeAfterExit.reversed() {
            var attempts = 0
            while rmdir(folder) != 0, errno != ENOENT, attempts < 1000 {
                attempts += 1
                usleep(10_000)
            }
        }
        plan.lease?.release()
    }

    /// The host uid the process (bwrap, started as its host user) runs as.
    var hostUID: UInt32? {
        let status = (try? String(contentsOfFile: "/proc/\(processIdentifier)/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Uid:") }) else { return nil }
        return line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { UInt32($0) }
    }
}
