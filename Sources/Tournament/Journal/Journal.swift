import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// An append-only log of a tournament run, one JSON object per line (``JournalCodec``), each
/// line flushed and fsynced before `append` returns: a run killed at any moment loses nothing
/// it recorded. A line cut short by the kill is dropped when the journal is read back.
///
/// Lines are committed in groups: lines that arrive while a batch is being written and synced
/// go out together in the next `write` and `fsync`. The disk work happens on a serial dispatch
/// queue, never on the calling task's thread, so a slow `fsync` (several milliseconds on a
/// busy disk) does not hold up the games.
///
/// A caller that need not wait for its line queues it with ``enqueue(_:whenDurable:)``: lines
/// go to the disk in the order they were queued or appended, `whenDurable` runs once the line
/// is there, and ``flush()`` waits for every line queued so far. Once a write or sync has
/// failed, every later call throws that failure: a line after a failed one would not be where
/// its caller believes.
///
/// `@unchecked Sendable` is justified because `descriptor` is set once, and `pending` is read
/// and written only while `lock` is held.
public final class Journal: @unchecked Sendable {
    /// Why the journal could not be used.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Lines waiting for the next batch, and the callers waiting for them.
    private struct Pending {
        var bytes: [UInt8] = []
        /// What runs once the lines queued so far are on disk, in order.
        var whenDurable: [@Sendable () -> Void] = []
        /// Callers waiting until the line numbered `upTo` (counted from 1 in this process) is on disk.
        var waiters: [(upTo: Int, continuation: CheckedContinuation<Void, any Error>)] = []
        /// Lines queued since the journal was opened, and lines of those on disk.
        var queued = 0
        var durable = 0
        /// The first failure to write or sync: every later call throws it.
        var failure: Failure?
        /// Whether a drain is scheduled or running on `queue`.
        var draining = false
    }

    /// The journal file.
    public let path: String
    private let descriptor: Int32
    private let queue = DispatchQueue(label: "salvo.journal")
    private let lock = NSLock()
    private var pending = Pending()

    /// Opens `path` for appending, creating it (and its folder) if needed. A partial last
    /// line left by a kill is cut off first, and a journal in the layout of version 1 is
    /// rewritten in the current one (the original kept beside it as `NAME.v1.jsonl`).
    public init(path: String) throws(Failure) {
        self.path = path
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw Failure(description: "cannot make the journal's folder \(directory): \(error.localizedDescription)")
            }
        }
        let existing = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
        if try Self.contents(of: existing, path: path).version == 1 {
            try Self.upgrade(path: path, existing: existing)
        }
        // O_APPEND: every write lands at the end, whoever else wrote there since.
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(description: "cannot open the journal \(path): \(String(cString: strerror(errno)))") }
        let current = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
        let lastLineStart = current.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? current.startIndex
        if lastLineStart < current.endIndex {
            // A last line without its newline: a whole entry (the newline alone was lost) is
            // kept and ended, as the run's resume point counted it; a torn one is cut off.
            if Self.isWholeEntry(current[lastLineStart...]) {
                guard write(fd, "\n", 1) == 1 else {
                    close(fd)
                    throw Failure(description: "cannot end the last line of the journal \(path): \(String(cString: strerror(errno)))")
                }
            } else {
                ftruncate(fd, off_t(lastLineStart))
            }
        }
        lseek(fd, 0, SEEK_END)
        descriptor = fd
    }

    /// Whether `line` (without a newline) is an entry of the current layout.
    static func isWholeEntry(_ line: Data) -> Bool {
        line.withUnsafeBytes { raw in
            (try? JournalCodec.entry(raw.bindMemory(to: UInt8.self))) != nil
        }
    }

    deinit {
        close(descriptor)
    }

    /// Writes `entry` as one line and waits until it is on disk.
    public func append(_ entry: JournalEntry) async throws(Failure) {
        let line = JournalCodec.line(entry)
        try await Self.waiting { continuation in
            do {
                try queue(line, whenDurable: nil, waiter: continuation)
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }

    /// Suspends until `start`'s continuation is resumed, which only ever throws a ``Failure``.
    private static func waiting(_ start: (CheckedContinuation<Void, any Error>) -> Void) async throws(Failure) {
        do {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in start(continuation) }
        } catch {
            throw (error as? Failure) ?? Failure(description: "\(error)")
        }
    }

    /// Queues `entry` as one line after every line queued or appended before it, without
    /// waiting for the disk; `whenDurable`, if given, runs once the line is on disk (on the
    /// journal's queue, after the callbacks of earlier lines). Throws the journal's failure
    /// if an earlier write or sync failed; a failure of this line's write is thrown by the
    /// next call, and ``flush()``.
    public func enqueue(_ entry: JournalEntry, whenDurable: (@Sendable () -> Void)? = nil) throws(Failure) {
        try queue(JournalCodec.line(entry), whenDurable: whenDurable, waiter: nil)
    }

    /// Waits until every line queued or appended so far is on disk; throws the journal's failure.
    public func flush() async throws(Failure) {
        try await Self.waiting { continuation in
            lock.lock()
            if let failure = pending.failure {
                lock.unlock()
                continuation.resume(throwing: failure)
            } else if pending.durable == pending.queued {
                lock.unlock()
                continuation.resume()
            } else {
                pending.waiters.append((pending.queued, continuation))
                lock.unlock()
            }
        }
    }

    /// Adds `line` to the next batch with its callback and its waiter, and starts a drain
    /// unless one is under way; throws the journal's failure.
    private func queue(_ line: [UInt8], whenDurable: (@Sendable () -> Void)?, waiter: CheckedContinuation<Void, any Error>?) throws(Failure) {
        lock.lock()
        if let failure = pending.failure {
            lock.unlock()
            throw failure
        }
        pending.bytes += line
        pending.queued += 1
        if let whenDurable { pending.whenDurable.append(whenDurable) }
        if let waiter { pending.waiters.append((pending.queued, waiter)) }
        let startDrain = !pending.draining
        pending.draining = true
        lock.unlock()
        if startDrain {
            queue.async { self.drain() }
        }
    }

    /// Writes and syncs batches until none is waiting; on `queue`. After each batch, its
    /// callbacks run in order, then the callers waiting for its lines go on.
    private func drain() {
        while true {
            lock.lock()
            guard !pending.bytes.isEmpty else {
                pending.draining = false
                lock.unlock()
                return
            }
            let bytes = pending.bytes
            let callbacks = pending.whenDurable
            let upTo = pending.queued
            pending.bytes.removeAll(keepingCapacity: true)
            pending.whenDurable.removeAll(keepingCapacity: true)
            lock.unlock()
            let failure: Failure?
            do {
                try writeAndSync(bytes)
                failure = nil
            } catch {
                failure = error
            }
            if failure == nil {
                for callback in callbacks { callback() }
            }
            lock.lock()
            let ready: [CheckedContinuation<Void, any Error>]
            if let failure {
                pending.failure = failure
                ready = pending.waiters.map(\.continuation)
                pending.waiters.removeAll()
                pending.bytes.removeAll()
                pending.whenDurable.removeAll()
                pending.draining = false
            } else {
                pending.durable = upTo
                ready = pending.waiters.filter { $0.upTo <= upTo }.map(\.continuation)
                pending.waiters.removeAll { $0.upTo <= upTo }
            }
            lock.unlock()
            for waiter in ready {
                if let failure { waiter.resume(throwing: failure) } else { waiter.resume() }
            }
            if failure != nil { return }
        }
    }

    private func writeAndSync(_ bytes: [UInt8]) throws(Failure) {
        let problem = bytes.withUnsafeBytes { raw -> Int32? in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return errno }
                offset += written
            }
            return nil
        }
        if let problem { throw Failure(description: "cannot write the journal \(path): \(String(cString: strerror(problem)))") }
        guard fsync(descriptor) == 0 else { throw Failure(description: "cannot sync the journal \(path): \(String(cString: strerror(errno)))") }
    }

    /// Every complete entry of the journal at `path`, in order; none when there is no file.
    public static func read(path: String) throws(Failure) -> [JournalEntry] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return try contents(of: data, path: path).entries
    }

    /// The entries of a journal's bytes, with a ``Failure`` naming `path` and the line when a
    /// line other than the last is damaged.
    static func contents(of data: Data, path: String) throws(Failure) -> JournalContents {
        do {
            return try JournalContents(data)
        } catch {
            throw Failure(description: "\(path):\(error.line): not a journal entry (\(error.detail)); the journal is damaged")
        }
    }

    /// Rewrites the version-1 journal at `path` in the current layout: the new text is written
    /// and synced beside it, the original is kept as `NAME.v1.jsonl`, then the new file
    /// replaces the old in one rename. A kill at any point leaves a readable journal.
    private static func upgrade(path: String, existing: Data) throws(Failure) {
        let entries = try contents(of: existing, path: path).entries
        let bytes = entries.flatMap(JournalCodec.line)
        let temporary = path + ".upgrading"
        let backup = (path as NSString).deletingPathExtension + ".v1.jsonl"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(description: "cannot write \(temporary): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count, fsync(fd) == 0 else {
            throw Failure(description: "cannot write \(temporary): \(String(cString: strerror(errno)))")
        }
        unlink(backup)
        guard link(path, backup) == 0, rename(temporary, path) == 0 else {
            throw Failure(description: "cannot replace \(path) with its upgrade: \(String(cString: strerror(errno)))")
        }
    }
}
