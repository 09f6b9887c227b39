import Bots
import Foundation

/// A sandbox plan started with Foundation's `Process`, for tests that watch a sandboxed
/// process from outside: its stdin and stdout as pipes, bwrap's status descriptor (4) on
/// `/dev/null` (the runner gives it a pipe; `Process` gives the child no descriptor above 2).
/// The one test process besides ``SalvoTestSupport/TestProcess`` (which gives a program no
/// input), with Chromium's (`HeadlessBrowser`, its pipes on descriptors 3 and 4) and the Slurm
/// daemons' (`ClusterDaemon`, started and reaped as builds are): each talks to its process
/// in a way the others do not.
struct PlanProcess {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    let plan: LaunchPlan

    init(_ plan: LaunchPlan) throws {
        self.plan = plan
        var arguments = Array(plan.arguments.dropFirst())
        // `-c SCRIPT`: open descriptor 4 first.
        if arguments.count > 1, arguments[0] == "-c" { arguments[1] = "exec 4>/dev/null; " + arguments[1] }
        process.executableURL = URL(fileURLWithPath: plan.executable)
        process.arguments = arguments
        process.environment = Dictionary(uniqueKeysWithValues: (plan.environment ?? []).map { entry in
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        })
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    /// The next line the process writes.
    func readLine() throws -> String {
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        return String(decoding: line, as: UTF8.self)
    }

    /// Closes its input, waits for its end, then removes its cgroups (the kernel may take a
    /// moment to empty them) and gives back its lease, as the runner does.
    func finish() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        for folder in plan.removeAfterExit.reversed() {
            var attempts = 0
            while rmdir(folder) != 0, errno != ENOENT, attempts < 1000 {
                attempts += 1
                usleep(10_000)
            }
        }
        plan.lease?.release()
    }

    /// The host uid the process (bwrap, once the shell and setpriv have exec'd it) runs as.
    var hostUID: UInt32? {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Uid:") }) else { return nil }
        return line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { UInt32($0) }
    }
}
