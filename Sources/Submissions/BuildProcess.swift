import Bots
import CProcess
import Foundation
import RunControl

/// One build run to its end: the plan's process in a process group of its own, standard input
/// from `/dev/null`, standard output and error appended to the build log, every other
/// descriptor closed; killed with its whole group when its time is up, or at once when the
/// run is asked to stop (Ctrl-C). Its group is registered with ``Bots/BotProcessRegistry``, so
/// a runner that exits at once (a second Ctrl-C, SIGTERM) leaves no build running either.
enum BuildProcess {
    /// How a build process ended.
    enum Ending: Hashable, Sendable {
        /// It exited with this status (0 is success).
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
        /// It ran past its time and was killed.
        case timedOut
        /// It could not be started.
        case notStarted(String)
        /// The run was asked to stop, and the build was killed: nobody's fault.
        case stopped
    }

    /// Runs `plan` with its output appended to `logPath`, for at most `timeout`, or until
    /// `stop` is requested.
    static func run(_ plan: LaunchPlan, logPath: String, timeout: Duration, stop: StopSignal? = nil) -> Ending {
        let log = open(logPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard log >= 0 else { return .notStarted("cannot open the build log \(logPath): \(String(cString: strerror(errno)))") }
        defer { close(log) }
        var arguments: [UnsafeMutablePointer<CChar>?] = plan.arguments.map { strdup($0) } + [nil]
        defer { for pointer in arguments { free(pointer) } }
        var environment: [UnsafeMutablePointer<CChar>?] = (plan.environment ?? ["PATH=/usr/bin:/bin"]).map { strdup($0) } + [nil]
        defer { for pointer in environment { free(pointer) } }
        var pid: pid_t = 0
        let status = salvo_spawn_logged(&pid, plan.executable, &arguments, &environment, log)
        guard status == 0 else {
            removeFolders(plan.removeAfterExit)
            return .notStarted("posix_spawn: \(String(cString: strerror(status)))")
        }
        BotProcessRegistry.register(pid)
        let ending = wait(for: pid, timeout: timeout, stop: stop)
        BotProcessRegistry.unregister(pid)
        removeFolders(plan.removeAfterExit)
        plan.lease?.release()
        return ending
    }

    /// Waits for `pid`, killing its group at the deadline or when `stop` is requested.
    private static func wait(for pid: pid_t, timeout: Duration, stop: StopSignal?) -> Ending {
        let deadline = ContinuousClock.now + timeout
        var status: Int32 = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            if reaped < 0 && errno != EINTR { return .exited(-1) }
            let stopped = stop?.isRequested == true
            if stopped || ContinuousClock.now >= deadline {
                kill(-pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return stopped ? .stopped : .timedOut
            }
            usleep(10_000)
        }
        // Whatever the build left running in its group ends with it.
        kill(-pid, SIGKILL)
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    /// Removes a plan's cgroups once their processes have ended (the kernel may take a moment).
    private static func removeFolders(_ folders: [String]) {
        for folder in folders.reversed() {
            for _ in 0..<100 where rmdir(folder) != 0 && errno != ENOENT {
                usleep(10_000)
            }
        }
    }
}
