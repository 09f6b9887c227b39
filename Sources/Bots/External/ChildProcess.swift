#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// A child process in its own process group, with its stdin and stdout as pipes and its
/// stderr appended to a log file. Not thread-safe: one owner drives it.
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
    private var buffer: [UInt8] = []
    private var reaped = false
    private(set) var exitStatus: Int32?

    /// The longest line accepted from a bot.
    static let maximumLineLength = 4096

    /// Starts `plan` in a new process group, stderr to `logPath` (appended).
    init(plan: LaunchPlan, logPath: String?) throws(BotFault) {
        guard !plan.arguments.isEmpty else { throw .launchFailed("empty command") }
        // A bot that dies must not kill us with SIGPIPE when we write to it.
        signal(SIGPIPE, SIG_IGN)
        var toChild: [Int32] = [-1, -1]
        var fromChild: [Int32] = [-1, -1]
        guard pipe(&toChild) == 0 else { throw .launchFailed("pipe: errno \(errno)") }
        guard pipe(&fromChild) == 0 else {
            close(toChild[0]); close(toChild[1])
            throw .launchFailed("pipe: errno \(errno)")
        }
        // Our ends must not leak into other children (the bot's ends are dup2'ed onto 0 and 1).
        for descriptor in toChild + fromChild { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, logPath ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var noMask = sigset_t()
        sigemptyset(&noMask)
        posix_spawnattr_setsigmask(&attributes, &noMask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var cArguments: [UnsafeMutablePointer<CChar>?] = plan.arguments.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var cEnvironment: [UnsafeMutablePointer<CChar>?]? = plan.environment.map { $0.map { strdup($0) } + [nil] }
        defer { for pointer in cEnvironment ?? [] { free(pointer) } }
        var child: pid_t = 0
        let status: Int32
        if cEnvironment != nil {
            status = posix_spawn(&child, plan.executable, &actions, &attributes, &cArguments, &cEnvironment!)
        } else {
            status = posix_spawn(&child, plan.executable, &actions, &attributes, &cArguments, environ)
        }
        close(toChild[0])
        close(fromChild[1])
        guard status == 0 else {
            close(toChild[1]); close(fromChild[0])
            throw .launchFailed("posix_spawn: \(String(cString: strerror(status)))")
        }
        pid = child
        input = toChild[1]
        output = fromChild[0]
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
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min((deadline - current + 999_999) / 1_000_000, 60_000))
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return .failure(.endOfFile) }
            buffer.append(contentsOf: chunk[..<count])
        }
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

    /// Kills the whole process group with SIGKILL and reaps the child.
    func kill() {
        Glibc.kill(-pid, SIGKILL)
        guard !reaped else { return }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = true
        exitStatus = exitStatus ?? status
    }

    /// Monotonic time in nanoseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
