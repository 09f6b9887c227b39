import CProcess
import Foundation

#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// A child's output kept within a fixed size, its head and its tail: the runner reads it from a
/// pipe (``childEnd`` is the child's stdout and stderr), writes the first ``headBytes`` to the
/// log file as they come, keeps the last ``tailBytes`` in a ring buffer, and at ``finish()``
/// writes one line saying how much was cut, then the tail. A build that prints 250 MB leaves a
/// log of 1 MiB and a line (`[… 249.0 MB of build output cut here (248951424 bytes) …]`),
/// and the runner never holds more than the tail and one read in memory; an output within
/// the cap is kept whole, byte for byte.
///
/// ```swift
/// let log = try CappedLog(appendingTo: "alice.build.log", label: "build output")
/// // start the child with log.childEnd as its stdout and stderr, then log.closeChildEnd()
/// log.drain()      // whenever the pipe is readable
/// log.finish()     // once the child has ended: the cut's line, the tail, the descriptors closed
/// ```
///
/// `@unchecked Sendable`, not thread-safe: one task drives it, one step after another (the
/// build's: ``LoggedProcess/waitExit(within:draining:)``, then ``finish()``).
public final class CappedLog: @unchecked Sendable {
    /// The bytes kept from the start of the output.
    public static let headBytes = 512 << 10
    /// The bytes kept from its end.
    public static let tailBytes = 512 << 10
    /// Everything kept of one output: 1 MiB, besides the line that says what was cut.
    public static var capBytes: Int { headBytes + tailBytes }

    /// The read end of the pipe (non-blocking).
    package let pipe: Int32
    /// The write end, the child's standard output and error; -1 once closed here.
    public private(set) var childEnd: Int32
    private let file: Int32
    /// What the output is, in the line of a cut: "build output".
    private let label: String
    /// Bytes read in all.
    public private(set) var total = 0
    /// The tail: a ring of ``tailBytes``, made when the head is full; `next` is where the next
    /// byte goes, `count` how many it holds.
    private var ring: [UInt8] = []
    private var next = 0
    private var count = 0
    private var chunk = [UInt8](repeating: 0, count: 65_536)
    /// False once the pipe has reached its end (every writer closed it).
    package private(set) var isOpen = true
    private var finished = false

    /// A pipe whose output goes to `path`, appended (the file is made when missing); throws
    /// the system's reason when the file or the pipe cannot be had.
    public init(appendingTo path: String, label: String) throws(SpawnFailure) {
        file = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw SpawnFailure(detail: "cannot open the log \(path): \(String(cString: strerror(errno)))") }
        var ends: [Int32] = [-1, -1]
        guard salvo_pipe_cloexec(&ends) == 0 else {
            let reason = String(cString: strerror(errno))
            close(file)
            throw SpawnFailure(detail: "cannot make a pipe for the log \(path): \(reason)")
        }
        pipe = ends[0]
        childEnd = ends[1]
        self.label = label
        _ = fcntl(pipe, F_SETFL, fcntl(pipe, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        finish()
    }

    /// Closes the runner's copy of the child's end, once the child has it: the pipe then ends
    /// when the child and everything it started have closed theirs.
    public func closeChildEnd() {
        if childEnd >= 0 { close(childEnd) }
        childEnd = -1
    }

    /// Reads what the pipe holds now, without waiting, at most `limit` reads of 64 KiB (so that
    /// a writer as fast as the reader cannot keep the caller here); how many bytes it read.
    @discardableResult
    package func drain(limit: Int = 64) -> Int {
        var read = 0
        for _ in 0..<limit {
            let got = chunk.withUnsafeMutableBytes { Glibc.read(pipe, $0.baseAddress!, $0.count) }
            if got < 0 && errno == EINTR { continue }
            if got == 0 { isOpen = false }
            guard got > 0 else { break }
            keep(got)
            read += got
        }
        return read
    }

    /// The bytes cut between the head and the tail.
    public var cutBytes: Int { max(0, total - Self.capBytes) }

    /// Reads what is left in the pipe (a bounded amount: a writer the child left behind may
    /// hold it open), writes the line of the cut and the tail, and closes the pipe and the file.
    /// Once; later calls do nothing.
    public func finish() {
        guard !finished else { return }
        finished = true
        closeChildEnd()
        drain()
        if cutBytes > 0 { write(Array(Self.cutLine(cutBytes, label: label).utf8)) }
        if count > 0 {
            let start = (next - count + ring.count) % max(ring.count, 1)
            if start + count <= ring.count {
                write(Array(ring[start..<start + count]))
            } else {
                write(Array(ring[start...]))
                write(Array(ring[..<(start + count - ring.count)]))
            }
        }
        ring = []
        close(pipe)
        close(file)
    }

    /// The line between the head and the tail: `[… 249.0 MB of build output cut here (248951424 bytes) …]`,
    /// on a line of its own.
    public static func cutLine(_ bytes: Int, label: String) -> String {
        "\n[… \(String(format: "%.1f", Double(bytes) / 1e6)) MB of \(label) cut here (\(bytes) byte\(bytes == 1 ? "" : "s")) …]\n"
    }

    /// The first `got` bytes of `chunk`: the head's part written, the rest into the ring.
    private func keep(_ got: Int) {
        let head = max(0, min(got, Self.headBytes - total))
        total += got
        if head > 0 { write(Array(chunk[..<head])) }
        guard got > head else { return }
        if ring.isEmpty { ring = [UInt8](repeating: 0, count: Self.tailBytes) }
        // Only the last tailBytes of a chunk can stay.
        var from = max(head, got - ring.count)
        let added = got - from
        chunk.withUnsafeBytes { source in
            ring.withUnsafeMutableBytes { target in
                while from < got {
                    let run = min(got - from, target.count - next)
                    target.baseAddress!.advanced(by: next).copyMemory(from: source.baseAddress!.advanced(by: from), byteCount: run)
                    next = (next + run) % target.count
                    from += run
                }
            }
        }
        count = min(ring.count, count + added)
    }

    private func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(file, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// What a log file may hold besides the output's cap and be read whole: the lines the
    /// runner writes around it (a build's command and its outcome) and the line of a cut.
    public static let slackBytes = 64 << 10

    /// The file at `path` as a log of this cap shows it: whole when it is within
    /// ``capBytes`` and ``slackBytes``, else its first ``headBytes``, the line of the cut and
    /// its last ``tailBytes``, read without reading the rest (a log written before logs were
    /// capped may be hundreds of megabytes). Nil when it cannot be read.
    public static func read(fileAt path: String, label: String) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd() else { return nil }
        do {
            try handle.seek(toOffset: 0)
            guard size > UInt64(capBytes + slackBytes) else { return try handle.readToEnd() ?? Data() }
            var data = try handle.read(upToCount: headBytes) ?? Data()
            data += Data(cutLine(Int(size) - capBytes, label: label).utf8)
            try handle.seek(toOffset: size - UInt64(tailBytes))
            data += try handle.read(upToCount: tailBytes) ?? Data()
            return data
        } catch {
            return nil
        }
    }
}
