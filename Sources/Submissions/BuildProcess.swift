import Bots
import Foundation
import Processes
import RunControl

/// One build run to its end: the plan's process in a process group of its own, standard input
/// from `/dev/null`, standard output and error appended to the build log within its cap
/// (``Processes/CappedLog``: the head and the tail, 1 MiB in all), every other
/// descriptor closed (``Bots/LoggedProcess``). Its exit is awaited without holding a thread,
/// and its whole group is killed when its time is up, when the run is asked to stop (Ctrl-C),
/// or when the awaiting task is cancelled. Its group is registered with
/// ``Processes/ProcessRegistry``, so a runner that exits at once (a second Ctrl-C, SIGTERM)
/// leaves no build running either.
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
        /// The run was asked to stop, or the task was cancelled, and the build was killed:
        /// nobody's fault.
        case stopped
    }

    /// Runs `plan` with its output appended to `logPath`, for at most `timeout`, or until
    /// `stop` is requested or the task is cancelled. Whatever the build left running in its
    /// process group ends with it.
    static func run(_ plan: LaunchPlan, logPath: String, timeout: Duration, stop: StopSignal? = nil) async -> Ending {
        let ending = await runToEnd(plan, logPath: logPath, timeout: timeout, stop: stop)
        await removeFolders(plan.removeAfterExit)
        plan.lease?.release()
        return ending
    }

    /// Starts the process and waits for it: ``run(_:logPath:timeout:stop:)`` without the clean-up.
    ///
    /// Its output goes through a pipe the runner reads (``Processes/CappedLog``): the log keeps
    /// its first and last 512 KiB and a line saying how much was cut between, never more, and
    /// the runner holds at most the tail in memory. A build's disk cap does not cover its log,
    /// which is on the output folder's disk: a build printing 250 MB kept 239 MiB there, and
    /// every publication copied it.
    private static func runToEnd(_ plan: LaunchPlan, logPath: String, timeout: Duration, stop: StopSignal?) async -> Ending {
        guard stop?.isRequested != true, !Task.isCancelled else { return .stopped }
        let log: CappedLog
        do {
            log = try CappedLog(appendingTo: logPath, label: "build output")
        } catch {
            return .notStarted(error.detail)
        }
        defer { log.finish() }
        let started = await LoggedProcess.start(
            executable: plan.executable, arguments: plan.arguments, environment: plan.environment, log: log.childEnd)
        log.closeChildEnd()
        let process: LoggedProcess
        switch started {
        case .success(let running): process = running
        case .failure(let failure): return .notStarted(failure.detail)
        }
        let exited = await withTaskCancellationHandler {
            guard let stop else { return await process.waitExit(within: timeout, draining: log) }
            return await stop.withHandler({ await process.waitExit(within: timeout, draining: log) }, onStop: { process.killGroup() })
        } onCancel: {
            process.killGroup()
        }
        // Asked to stop while it ran: killed for it (or ended as it was asked), nobody's fault.
        let stopped = stop?.isRequested == true || Task.isCancelled
        // Whatever is left of its group dies here, so the pipe's writers are gone before the
        // log is finished (the deferred finish).
        let status = process.reap()
        if stopped { return .stopped }
        guard exited else { return .timedOut }
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    /// Removes a plan's cgroups once their processes have ended (the kernel may take a moment:
    /// up to a second, in a task of its own, which a cancelled build's does not cut short).
    private static func removeFolders(_ folders: [String]) async {
        guard !folders.isEmpty else { return }
        await Task {
            for folder in folders.reversed() {
                for _ in 0..<100 where rmdir(folder) != 0 && errno != ENOENT {
                    try? await Task.sleep(for: .milliseconds(10))
                }
            }
        }.value
    }
}
