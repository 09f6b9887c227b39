#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// Where a bot process's stderr goes: drained from its pipe by the runner and appended to the
/// bot's log file, at most ``capBytes`` per process, and never past ``fileCapBytes`` in the
/// file, which all the bot's processes append to (a bot restarted every game, or crashing in
/// every one, starts a process a game; a season's nights append to the same log). What a bot
/// writes beyond either is counted and dropped, with one line saying so, so no bot can fill
/// the runner's disk through its log. The last ``StderrTail/capacity`` bytes read (kept or
/// dropped) are also held in memory, so a forfeit can record the end of what the bot wrote
/// (``tail``): the journal keeps that for every forfeit, whatever the log holds.
/// Not thread-safe: the ``ChildProcess`` that owns it drives it.
package final class StderrLog {
    /// The bytes kept of one process's stderr.
    package static let capBytes = 1 << 20
    /// The most a bot's log file grows to: past it, its processes' stderr is dropped, and
    /// counted in their lines; the lines themselves stop 1 MiB further.
    package static let fileCapBytes = 64 << 20

    /// The read end of the bot's stderr pipe (non-blocking).
    package let pipe: Int32
    private let file: Int32
    private var kept = 0
    private var dropped = 0
    /// Whether the file is a bot's log, a regular file whose size the file cap reads (not the
    /// runner's own stderr, nor a terminal or a pipe).
    private let isRegularFile: Bool
    /// Whether bytes were dropped for the file's cap rather than the process's.
    private var fileFull = false
    private var recent = StderrTail()
    /// False once the pipe has reached its end (the bot closed its stderr, or exited).
    package private(set) var isOpen = true

    /// The path that means this process's own standard error, written through its descriptor.
    package static let ownStandardError = "/dev/stderr"

    /// Drains `pipe` into `path` (appended), or discards it when `path` is nil. For
    /// ``ownStandardError`` the bytes go to this process's descriptor 2 itself: opening
    /// `/dev/stderr` anew would make a second open file with an offset of its own, and with
    /// `> file 2>&1` salvo's own output, written at its offset, would overwrite the bot's.
    package init(pipe: Int32, path: String?) {
        self.pipe = pipe
        if path == Self.ownStandardError {
            file = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0)
        } else {
            file = path.map { open($0, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644) } ?? -1
        }
        var status = stat()
        isRegularFile = path != Self.ownStandardError && file >= 0 && fstat(file, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
        _ = fcntl(pipe, F_SETFL, fcntl(pipe, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        drain()
        if dropped > 0, fileRoom(Self.fileCapBytes + (1 << 20)) > 0 {
            let why = fileFull ? "\(kept) kept: the log is at its cap of \(Self.fileCapBytes >> 20) MiB" : "\(Self.capBytes) kept"
            append(Array("\n[salvo: \(dropped) more bytes of stderr dropped; \(why)]\n".utf8))
        }
        close(pipe)
        if file >= 0 { close(file) }
    }

    /// A pipe's capacity unless resized (Linux's default, 16 pages): a drain that reads this much
    /// found the bot blocked on a full pipe.
    package static let pipeCapacity = 65_536

    /// Reads whatever the pipe holds now, without waiting; returns how many bytes it read.
    @discardableResult
    package func drain() -> Int {
        var chunk = [UInt8](repeating: 0, count: Self.pipeCapacity)
        var total = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { read(pipe, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count == 0 { isOpen = false }
            guard count > 0 else { return total }
            total += count
            recent.append(chunk[..<count])
            var keep = max(0, min(count, Self.capBytes - kept))
            if keep > 0 {
                let room = fileRoom(Self.fileCapBytes)
                if room < keep { fileFull = true }
                keep = min(keep, room)
            }
            if keep > 0 { append(Array(chunk[..<keep])) }
            kept += keep
            dropped += count - keep
        }
    }

    /// The last lines read since the last ``clearTail()``, after reading what the pipe holds.
    package func tail() -> String? {
        drain()
        return recent.text()
    }

    /// Forgets the lines read so far (a reused process starts a new game).
    package func clearTail() {
        drain()
        recent = StderrTail()
    }

    /// The bytes the log file may still grow by under `cap`: as many as asked for a file that is
    /// not a regular one.
    private func fileRoom(_ cap: Int) -> Int {
        guard isRegularFile else { return cap }
        var status = stat()
        guard fstat(file, &status) == 0 else { return cap }
        return max(0, cap - Int(status.st_size))
    }

    private func append(_ bytes: [UInt8]) {
        guard file >= 0 else { return }
        _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
    }
}
