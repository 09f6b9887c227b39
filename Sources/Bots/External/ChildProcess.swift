import CProcess

#if canImport(Glibc)
import Glibc
import Processes
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// A child process in its own process group, with its stdin and stdout as pipes and its
/// stderr drained into a log file (``StderrLog``), and no other descriptor of the runner's:
/// everything from 3 up is closed in the child before it runs.
///
/// Its I/O never blocks a thread: the runner's ends of the pipes are non-blocking, and a read
/// that finds nothing, a write that finds no room and a wait for the exit (through a pidfd)
/// suspend the calling task on ``ProcessEventLoop``. Not thread-safe: one owner drives it.
final class ChildProcess {
    /// Why reading a line stopped short.
    enum ReadFailure: Error, Equatable {
        case endOfFile
        case timedOut
        case tooLong
    }

    let pid: pid_t
    private let input: Int32
    private let output: Int32
    private let stderr: StderrLog
    /// Readable once the process has exited (-1 where the kernel has no pidfd_open).
    private let exitDescriptor: Int32
    private var removeAfterExit: [String]
    /// The launcher's lease, released once the folders are gone.
    private var lease: LaunchLease?
    /// What the process's cgroup counts, readable until ``kill()`` removes the group.
    let accounting: CgroupAccounting?
    /// The cgroup's CPU-time file (``CgroupAccounting/cpuFile``), opened once and read again
    /// from its start on every move (a `pread`, a seventh of an open, read and close); -1 without one.
    private var cpuDescriptor: Int32 = -1
    /// The read end of the pipe on which bubblewrap reports its child's start and exit
    /// (non-blocking; -1 without one), and what was read from it so far.
    private let status: Int32
    private var statusText: [UInt8] = []
    private var buffer: [UInt8] = []
    /// Where each read from the bot's stdout lands, kept for the process's life: a read per move.
    private var chunk = [UInt8](repeating: 0, count: 4096)
    private var reaped = false
    private(set) var exitStatus: Int32?

    /// The longest line accepted from a bot.
    static let maximumLineLength = 4096

    /// Starts `plan` in a new process group, stderr to `logPath` (appended; discarded when nil).
    ///
    /// The pipes are made and the process is spawned on ``SpawnThread``, which the calling task
    /// awaits without holding its thread: a spawn waits for the child's `exec` (some milliseconds
    /// for a sandbox's shell), and a run that starts a hundred bots at once would otherwise hold
    /// every thread of the cooperative pool meanwhile, its games and HTTP client with them.
    static func start(plan: LaunchPlan, logPath: String?) async throws(BotFault) -> ChildProcess {
        guard !plan.arguments.isEmpty else { throw .launchFailed("empty command") }
        // A bot that dies must not kill us with SIGPIPE when we write to it.
        signal(SIGPIPE, SIG_IGN)
        let spawned = try await SpawnThread.run { Self.spawn(plan) }.get()
        return ChildProcess(spawned, plan: plan, logPath: logPath)
    }

    private init(_ spawned: Spawned, plan: LaunchPlan, logPath: String?) {
        pid = spawned.pid
        ProcessRegistry.register(pid)
        input = spawned.input
        output = spawned.output
        for descriptor in [input, output] { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
        exitDescriptor = salvo_pidfd_open(pid)
        stderr = StderrLog(pipe: spawned.errors, path: logPath)
        removeAfterExit = plan.removeAfterExit
        lease = plan.lease
        accounting = plan.accounting
        if let cpuFile = plan.accounting?.cpuFile { cpuDescriptor = open(cpuFile, O_RDONLY | O_CLOEXEC) }
        status = spawned.status
        if status >= 0 { _ = fcntl(status, F_SETFL, fcntl(status, F_GETFL) | O_NONBLOCK) }
    }

    deinit {
        kill()
        close(input)
        close(output)
        if exitDescriptor >= 0 { close(exitDescriptor) }
        if status >= 0 { close(status) }
    }

    /// Whether the sandbox itself failed rather than the bot: the process exited by itself
    /// (not killed), and bubblewrap never reported its child's exit code on the status pipe,
    /// which it does once the child it set up has run (`--json-status-fd`). A failure of its
    /// setup (a folder it cannot read, a `/proc` it cannot mount) or of the program's exec
    /// ends it before. False while the process runs, and without a status pipe.
    func sandboxFailed() -> Bool {
        guard status >= 0, pollExit(), let exitStatus, exitStatus & 0x7f == 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(status, $0.baseAddress!, $0.count) }
            if count > 0 { statusText += chunk[..<count] } else if count < 0 && errno == EINTR { continue } else { break }
        }
        return !String(decoding: statusText, as: UTF8.self).contains("\"exit-code\"")
    }

    /// The CPU time of every process ever in the process's cgroup, in nanoseconds
    /// (``CgroupAccounting/cpuNanoseconds()``, read through the descriptor kept open); nil
    /// without a cgroup that counts it, or once the process is killed.
    func cgroupCPUNanoseconds() -> UInt64? {
        guard cpuDescriptor >= 0 else { return accounting?.cpuNanoseconds() }
        guard let text = CgroupFile.read(descriptor: cpuDescriptor) else { return nil }
        return CgroupAccounting.cpuNanoseconds(in: text)
    }

    /// Writes `line` and a newline; false when the bot no longer reads, or leaves no room in
    /// its pipe until `deadline` (monotonic nanoseconds, see ``now``). `line` may hold several
    /// lines, joined by newlines: they go in one write, and the bot wakes once for all of them.
    func write(line: String, deadline: UInt64) async -> Bool {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc.write(input, raw.baseAddress! + offset, raw.count - offset)
            }
            if written >= 0 {
                offset += written
            } else if errno == EAGAIN {
                guard await ProcessEventLoop.shared.wait([.writable(input)], until: deadline) != nil else { return false }
            } else if errno != EINTR {
                return false
            }
        }
        return true
    }

    /// The next line (without its newline and any carriage return), waiting at most until
    /// `deadline` (monotonic nanoseconds, see ``now``). The bot's stderr is drained meanwhile:
    /// a bot that writes much to it while it thinks must not block on a full pipe.
    ///
    /// When the line is not there yet, the calling task first lets the tasks queued before it
    /// run, once, and looks again: on a busy runner the bot has answered by then, and the answer
    /// is read without a trip through ``ProcessEventLoop`` (two descriptors armed, the loop's thread
    /// woken, the task resumed from it): the hand-offs that cost most per move (BENCHMARKS.md,
    /// "External bots at the speed of built-ins").
    ///
    /// A bot that fills its stderr pipe (a flood, blocked until the runner reads) is drained
    /// between yields in the same way, for as long as each look finds the pipe full: one
    /// trip through the loop per 64 KiB would leave a bot writing megabytes waiting on the
    /// loop's thread and the task's, the more so on a loaded machine.
    func readLine(deadline: UInt64) async -> Result<String, ReadFailure> {
        var yielded = false
        var flooded = false
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return .success(String(decoding: line, as: UTF8.self))
            }
            if buffer.count > Self.maximumLineLength { return .failure(.tooLong) }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress!, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                continue
            }
            if count == 0 { return .failure(.endOfFile) }
            if errno == EINTR { continue }
            guard errno == EAGAIN else { return .failure(.endOfFile) }
            guard ProcessEventLoop.now() < deadline else { return .failure(.timedOut) }
            if flooded {
                await Task.yield()
                flooded = stderr.drain() >= StderrLog.pipeCapacity
                continue
            }
            if !yielded {
                yielded = true
                await Task.yield()
                continue
            }
            // The stderr pipe is watched only while it is open: once the bot closes it, it is
            // readable (at its end) for good.
            let watched: [ProcessEventLoop.Interest] = stderr.isOpen ? [.readable(output), .readable(stderr.pipe)] : [.readable(output)]
            guard let ready = await ProcessEventLoop.shared.wait(watched, until: deadline) else { return .failure(.timedOut) }
            if ready == stderr.pipe { flooded = stderr.drain() >= StderrLog.pipeCapacity }
        }
    }

    /// Whether the process exits by `deadline` (monotonic nanoseconds), reaping it if so.
    func waitExit(until deadline: UInt64) async -> Bool {
        await ProcessEventLoop.shared.waitExit(exitDescriptor: exitDescriptor, until: deadline) { pollExit() }
    }

    /// The last lines of the process's stderr so far (``StderrTail``), nil when none.
    func stderrTail() -> String? {
        stderr.tail()
    }

    /// Forgets the stderr lines read so far, for the tail of the next game.
    func clearStderrTail() {
        stderr.clearTail()
    }

    /// Whether the process has exited, with its status word in ``exitStatus``. It is not reaped
    /// here: until ``kill()``, its pid (the id of its process group) cannot be reused by
    /// another process, so killing the group can never reach someone else's.
    func pollExit() -> Bool {
        guard exitStatus == nil else { return true }
        var status: Int32 = 0
        switch salvo_peek_exit(pid, &status) {
        case 1: exitStatus = status
        case 0: break
        default: exitStatus = 0  // not our child any more (cannot happen: only kill() reaps)
        }
        return exitStatus != nil
    }

    /// Kills the whole process group with SIGKILL, reaps the child and removes its folders;
    /// once: later calls (the deinit after an explicit kill) do nothing.
    func kill() {
        guard !reaped else { return }
        Glibc.kill(-pid, SIGKILL)
        if cpuDescriptor >= 0 { close(cpuDescriptor) }
        cpuDescriptor = -1
        stderr.drain()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = true
        exitStatus = exitStatus ?? status
        ProcessRegistry.unregister(pid)
        removeFolders()
    }

    /// Removes the plan's folders (its cgroups), then releases its lease. The kernel may take a
    /// while to end the last of a bot's processes (a fork bomb's thousands), so a folder still
    /// busy is tried again in the background, soon at first and then every 100 ms for 30 s, and
    /// the lease (its host user) is given back only once they are gone.
    private func removeFolders() {
        let busy = removeAfterExit.reversed().filter { rmdir($0) != 0 && errno != ENOENT }
        removeAfterExit = []
        let lease = self.lease
        self.lease = nil
        guard !busy.isEmpty else {
            lease?.release()
            return
        }
        Task.detached(priority: .utility) {
            defer { lease?.release() }
            var left = busy
            for attempt in 0..<325 {
                try? await Task.sleep(for: .milliseconds(attempt < 25 ? 2 : 100))
                left.removeAll { rmdir($0) == 0 || errno == ENOENT }
                if left.isEmpty { return }
            }
        }
    }
}
