import CProcess
import Dispatch
#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// A child process in its own process group, with its stdin and stdout as pipes and its
/// stderr drained into a log file (``StderrLog``), and no other descriptor of the runner's:
/// everything from 3 up is closed in the child before it runs. Not thread-safe: one owner
/// drives it.
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
    private var removeAfterExit: [String]
    private var buffer: [UInt8] = []
    private var reaped = false
    private(set) var exitStatus: Int32?

    /// The longest line accepted from a bot.
    static let maximumLineLength = 4096

    /// Starts `plan` in a new process group, stderr to `logPath` (appended; discarded when nil).
    init(plan: LaunchPlan, logPath: String?) throws(BotFault) {
        guard !plan.arguments.isEmpty else { throw .launchFailed("empty command") }
        // A bot that dies must not kill us with SIGPIPE when we write to it.
        signal(SIGPIPE, SIG_IGN)
        var toChild: [Int32] = [-1, -1]
        var fromChild: [Int32] = [-1, -1]
        var errorsFromChild: [Int32] = [-1, -1]
        guard salvo_pipe_cloexec(&toChild) == 0 else { throw .launchFailed("pipe: errno \(errno)") }
        guard salvo_pipe_cloexec(&fromChild) == 0 else {
            close(toChild[0]); close(toChild[1])
            throw .launchFailed("pipe: errno \(errno)")
        }
        guard salvo_pipe_cloexec(&errorsFromChild) == 0 else {
            for descriptor in toChild + fromChild { close(descriptor) }
            throw .launchFailed("pipe: errno \(errno)")
        }
        // Our ends never leak into other children (close-on-exec); the bot's ends are dup2'ed
        // onto 0, 1 and 2, and every other descriptor is closed in the child.
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorsFromChild[1], 2)
        salvo_spawn_closefrom(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        salvo_spawnattr_own_group(&attributes)

        var cArguments: [UnsafeMutablePointer<CChar>?] = plan.arguments.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var cEnvironment: [UnsafeMutablePointer<CChar>?]? = plan.environment.map { $0.map { strdup($0) } + [nil] }
        defer { for pointer in cEnvironment ?? [] { free(pointer) } }
        var child: pid_t = 0
        // From the thread that outlives every bot: a sandbox dies with the thread that started it.
        let status: Int32 = SpawnThread.run {
            if cEnvironment != nil {
                return posix_spawn(&child, plan.executable, &actions, &attributes, &cArguments, &cEnvironment!)
            }
            return posix_spawn(&child, plan.executable, &actions, &attributes, &cArguments, environ)
        }
        close(toChild[0])
        close(fromChild[1])
        close(errorsFromChild[1])
        guard status == 0 else {
            close(toChild[1]); close(fromChild[0]); close(errorsFromChild[0])
            throw .launchFailed("posix_spawn: \(String(cString: strerror(status)))")
        }
        pid = child
        BotProcessRegistry.register(child)
        input = toChild[1]
        output = fromChild[0]
        stderr = StderrLog(pipe: errorsFromChild[0], path: logPath)
        removeAfterExit = plan.removeAfterExit
    }

    deinit {
        kill()
        close(input)
        close(output)
    }

    /// Writes `line` and a newline; false when the bot no longer reads.
    func write(line: String) -> Bool {
        var bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { raw in
                Glibc.write(input, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// The next line (without its newline and any carriage return), waiting at most until
    /// `deadline` (monotonic nanoseconds, see ``now``).
    func readLine(deadline: UInt64) -> Result<String, ReadFailure> {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return .success(String(decoding: line, as: UTF8.self))
            }
            if buffer.count > Self.maximumLineLength { return .failure(.tooLong) }
            let current = Self.now()
            guard current < deadline else { return .failure(.timedOut) }
            // Both pipes: a bot that writes much to stderr while it thinks must not block on it.
            var descriptors = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: stderr.pipe, events: Int16(POLLIN), revents: 0)]
            let milliseconds = Int32(min((deadline - current + 999_999) / 1_000_000, 60_000))
            let ready = poll(&descriptors, 2, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            if descriptors[1].revents != 0 { stderr.drain() }
            guard descriptors[0].revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return .failure(.endOfFile) }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// The last lines of the process's stderr so far (``StderrTail``), nil when none.
    func stderrTail() -> String? {
        stderr.tail()
    }

    /// Forgets the stderr lines read so far, for the tail of the next game.
    func clearStderrTail() {
        stderr.clearTail()
    }

    /// Whether the process has exited (reaping it if so), with its status word.
    func pollExit() -> Bool {
        guard !reaped else { return true }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            reaped = true
            exitStatus = status
        }
        return reaped
    }

    /// Kills the whole process group with SIGKILL, reaps the child and removes its folders.
    func kill() {
        Glibc.kill(-pid, SIGKILL)
        stderr.drain()
        if !reaped {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            reaped = true
            exitStatus = exitStatus ?? status
        }
        BotProcessRegistry.unregister(pid)
        removeFolders()
    }

    /// Removes the plan's folders (its cgroups). The kernel may take a while to end the last
    /// of a bot's processes (a fork bomb's thousands), so a folder still busy after 50 ms is
    /// tried again in the background, every 100 ms for 30 s.
    private func removeFolders() {
        var busy: [String] = []
        for folder in removeAfterExit.reversed() {
            var removed = rmdir(folder) == 0 || errno == ENOENT
            for _ in 0..<25 where !removed {
                usleep(2_000)
                removed = rmdir(folder) == 0 || errno == ENOENT
            }
            if !removed { busy.append(folder) }
        }
        removeAfterExit = []
        guard !busy.isEmpty else { return }
        DispatchQueue.global(qos: .utility).async { [busy] in
            var left = busy
            for _ in 0..<300 {
                left.removeAll { rmdir($0) == 0 || errno == ENOENT }
                if left.isEmpty { return }
                usleep(100_000)
            }
        }
    }

    /// Monotonic time in nanoseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
