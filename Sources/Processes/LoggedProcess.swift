import CProcess
import Synchronization

#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// A child process that talks to nobody: a submission's build. It runs in a process group of
/// its own, standard input from `/dev/null`, standard output and error on one descriptor (a
/// ``CappedLog``'s pipe, which keeps its head and tail within a cap), no other descriptor of
/// the runner's (`salvo_spawn_logged`); its group is registered with ``ProcessRegistry`` until
/// it is reaped.
///
/// It is started from ``SpawnThread``, as bots are (a sandbox dies with the thread that started
/// it), and its exit is awaited through its pidfd on ``ProcessEventLoop``, as a bot's is: a task
/// that waits for a build holds no thread, and wakes when the process ends, when the wait's
/// deadline passes, or when ``killGroup()`` (from a cancellation handler, a Ctrl-C) ends it.
///
/// ```swift
/// let process = try await LoggedProcess.start(executable: "/bin/sh", arguments: ["sh", "-c", "make"], environment: nil, log: descriptor).get()
/// let exited = await withTaskCancellationHandler {
///     await process.waitExit(within: .seconds(120))
/// } onCancel: { process.killGroup() }
/// let status = process.reap()   // whatever is left of its group is killed first
/// ```
///
/// The process is not reaped before ``reap()``: until then its pid, the id of its group,
/// cannot be taken by another process, so ``killGroup()`` can never reach someone else's.
public final class LoggedProcess: Sendable {
    /// The process's id, and its group's.
    public let pid: pid_t
    /// Readable once the process has exited (-1 where the kernel has no pidfd_open).
    private let exitDescriptor: Int32
    /// Whether the process has been reaped (its pid may then be anyone's).
    private let reaped = Mutex(false)

    private init(pid: pid_t) {
        self.pid = pid
        exitDescriptor = salvo_pidfd_open(pid)
        ProcessRegistry.register(pid)
    }

    deinit {
        _ = reap()
    }

    /// Starts `executable` with `arguments` (the first its name) and `environment` (nil: only
    /// `PATH=/usr/bin:/bin`), its output appended to `log` (a descriptor the caller keeps and
    /// closes), in a group of its own. The calling task suspends while the spawning thread
    /// starts it.
    public static func start(executable: String, arguments: [String], environment: [String]?, log: Int32) async -> Result<LoggedProcess, SpawnFailure>
    {
        guard !arguments.isEmpty else { return .failure(SpawnFailure(detail: "empty command")) }
        let spawned = await SpawnThread.run { () -> Result<pid_t, SpawnFailure> in
            var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            defer { for pointer in cArguments { free(pointer) } }
            var cEnvironment: [UnsafeMutablePointer<CChar>?] = (environment ?? ["PATH=/usr/bin:/bin"]).map { strdup($0) } + [nil]
            defer { for pointer in cEnvironment { free(pointer) } }
            var pid: pid_t = 0
            let status = salvo_spawn_logged(&pid, executable, &cArguments, &cEnvironment, log)
            guard status == 0 else { return .failure(SpawnFailure(detail: "posix_spawn: \(String(cString: strerror(status)))")) }
            return .success(pid)
        }
        return spawned.map { LoggedProcess(pid: $0) }
    }

    /// Whether the process exits within `timeout`; the calling task suspends meanwhile,
    /// holding no thread. It returns early when the process ends for any reason, a
    /// ``killGroup()`` included. The process is not reaped.
    public func waitExit(within timeout: Duration) async -> Bool {
        let (seconds, attoseconds) = timeout.components
        let deadline = ProcessEventLoop.now() + UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
        return await ProcessEventLoop.shared.waitExit(exitDescriptor: exitDescriptor, until: deadline) { hasExited() }
    }

    /// As ``waitExit(within:)``, reading `log`'s pipe (the process's output) whenever it is
    /// readable meanwhile, so that the process never blocks on a full pipe and its output is
    /// kept as it comes, within the log's cap. Once the process has ended, what it left in the
    /// pipe is read too; the pipe stays open for ``CappedLog/finish()``, after ``reap()``.
    public func waitExit(within timeout: Duration, draining log: CappedLog) async -> Bool {
        let (seconds, attoseconds) = timeout.components
        let deadline = ProcessEventLoop.now() + UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
        while !hasExited() {
            let now = ProcessEventLoop.now()
            guard now < deadline else { return false }
            var interests: [ProcessEventLoop.Interest] = []
            if exitDescriptor >= 0 { interests.append(.readable(exitDescriptor)) }
            if log.isOpen { interests.append(.readable(log.pipe)) }
            // Without a pidfd, the process is looked at again every 5 ms.
            let until = exitDescriptor >= 0 ? deadline : min(deadline, now + 5_000_000)
            if interests.isEmpty {
                try? await Task.sleep(for: .milliseconds(5))
                continue
            }
            if await ProcessEventLoop.shared.wait(interests, until: until) == log.pipe { log.drain() }
        }
        log.drain()
        return true
    }

    /// Whether the process has ended (it is not reaped).
    private func hasExited() -> Bool {
        var status: Int32 = 0
        return salvo_peek_exit(pid, &status) != 0
    }

    /// Sends SIGKILL to the whole process group, unless it has been reaped. Quick and safe from
    /// any thread: a cancellation handler, a stop request.
    public func killGroup() {
        reaped.withLock { reaped in
            if !reaped { kill(-pid, SIGKILL) }
        }
    }

    /// Kills whatever is left of the process group (a child the process left running), waits
    /// for the process, and forgets the group; its wait status word (as `waitpid` gives it).
    /// Once: later calls return 0 at once. Call it after ``waitExit(within:)`` returned true,
    /// or to kill the process and wait for it.
    @discardableResult
    public func reap() -> Int32 {
        let first = reaped.withLock { reaped -> Bool in
            guard !reaped else { return false }
            // Killed while the pid is still ours: the unreaped process holds it.
            kill(-pid, SIGKILL)
            reaped = true
            return true
        }
        guard first else { return 0 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        ProcessRegistry.unregister(pid)
        if exitDescriptor >= 0 { close(exitDescriptor) }
        return status
    }
}
