import CProcess
import Foundation
import Synchronization

/// One daemon of the private Slurm cluster (munged, slurmctld or slurmd), started in the
/// foreground as a child of the test process, so that its pid is known without pid files, and
/// stopped by that pid. Its standard output and error go to `logFile`.
///
/// Started with posix_spawn, not Foundation's `Process`: Process learns that a child ended when
/// the child's end of a socket pair closes, and then blocks in `waitpid` on it; slurmctld closes
/// every inherited descriptor as it starts, so Process's one monitor thread would block for
/// good and no other Process of the test run would ever end. The daemon also gets an empty
/// signal mask and default signal actions (a test's threads block signals, and SIGTERM would
/// never arrive), no descriptor but 0, 1 and 2 (another test's pipe held open by a daemon never
/// reaches end-of-file), and a process group of its own.
final class ClusterDaemon: Sendable {
    let name: String
    let logFile: URL
    let pid: pid_t
    /// The status word once reaped.
    private let exit = Mutex<Int32?>(nil)

    /// Starts `executable ARGUMENTS` with exactly `environment`.
    init(name: String, executable: URL, arguments: [String], environment: [String: String], logFile: URL) throws {
        self.name = name
        self.logFile = logFile
        let log = open(logFile.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard log >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        defer { close(log) }
        var argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        var envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let status = salvo_spawn_logged(&child, executable.path, &argv, &envp, log)
        guard status == 0 else { throw POSIXError(.init(rawValue: status) ?? .EIO) }
        pid = child
    }

    /// Whether it still runs (reaping it, if it has ended).
    var isRunning: Bool {
        exit.withLock { exit in
            guard exit == nil else { return false }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { exit = status }
            return exit == nil
        }
    }

    /// How it ended, for messages: "exited with status 1" or "was killed by signal 9".
    var exitDescription: String {
        guard !isRunning, let status = exit.withLock({ $0 }) else { return "running" }
        let signal = status & 0x7f
        return signal == 0 ? "exited with status \((status >> 8) & 0xff)" : "was killed by signal \(signal)"
    }

    /// The last `lines` lines of its output.
    func logTail(lines: Int = 15) -> String {
        let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? "(no log at \(logFile.path))"
        let tail = text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines + 1).joined(separator: "\n")
        return "--- \(name) (pid \(pid), \(exitDescription)), \(logFile.path):\n\(tail)"
    }

    /// SIGTERM, then SIGKILL if it still runs after `grace`; returns once it has been reaped.
    func stop(grace: Duration = .seconds(5)) {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        let deadline = ContinuousClock.now + grace
        while isRunning, ContinuousClock.now < deadline { usleep(20_000) }
        guard isRunning else { return }
        kill(pid, SIGKILL)
        while isRunning { usleep(10_000) }
    }

    deinit {
        // Never leave a zombie: a daemon is stopped before it is dropped.
        stop()
    }
}
