import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An append-only log of a tournament run, one JSON object per line, each line flushed and
/// fsynced before `append` returns: a run killed at any moment loses nothing it recorded.
/// A line cut short by the kill is dropped when the journal is read back.
///
/// Appends are committed in groups: lines that arrive while a batch is being written and
/// synced go out together in the next `write` and `fsync`. The disk work happens on a serial
/// dispatch queue, never on the calling task's thread, so a slow `fsync` (several
/// milliseconds on a busy disk) does not hold up the games, which may run on the HTTP
/// client's event-loop thread.
///
/// `@unchecked Sendable` is justified because `descriptor` and `encoder` are set once (and
/// `JSONEncoder` may be used from several threads), and `pending` is read and written only
/// while `lock` is held.
public final class Journal: @unchecked Sendable {
    /// Why the journal could not be used.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Lines waiting for the next batch, and the appenders waiting for them.
    private struct Pending {
        var bytes: [UInt8] = []
        var waiters: [CheckedContinuation<Void, any Error>] = []
        /// Whether a drain is scheduled or running on `queue`.
        var draining = false
    }

    /// The journal file.
    public let path: String
    private let descriptor: Int32
    private let encoder: JSONEncoder
    private let queue = DispatchQueue(label: "salvo.journal")
    private let lock = NSLock()
    private var pending = Pending()

    /// Opens `path` for appending, creating it (and its folder) if needed. A partial last
    /// line left by a kill is cut off first.
    public init(path: String) throws {
        self.path = path
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        let existing = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
        let fd = open(path, O_WRONLY | O_CREAT, 0o644)
        guard fd >= 0 else { throw Failure(description: "cannot open the journal \(path): \(String(cString: strerror(errno)))") }
        if let lastNewline = existing.lastIndex(of: UInt8(ascii: "\n")), lastNewline + 1 < existing.count {
            ftruncate(fd, off_t(lastNewline + 1))
        } else if !existing.isEmpty && !existing.contains(UInt8(ascii: "\n")) {
            ftruncate(fd, 0)
        }
        lseek(fd, 0, SEEK_END)
        descriptor = fd
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
    }

    deinit {
        close(descriptor)
    }

    /// Writes `entry` as one line and waits until it is on disk.
    public func append(_ entry: JournalEntry) async throws {
        let line = try entry.jsonLine(encoder: encoder)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            lock.lock()
            pending.bytes += line
            pending.waiters.append(continuation)
            let startDrain = !pending.draining
            pending.draining = true
            lock.unlock()
            if startDrain {
                queue.async { self.drain() }
            }
        }
    }

    /// Writes and syncs batches until none is waiting; on `queue`.
    private func drain() {
        while true {
            lock.lock()
            guard !pending.bytes.isEmpty else {
                pending.draining = false
                lock.unlock()
                return
            }
            let bytes = pending.bytes
            let waiters = pending.waiters
            pending.bytes.removeAll(keepingCapacity: true)
            pending.waiters.removeAll(keepingCapacity: true)
            lock.unlock()
            let result = Result { try writeAndSync(bytes) }
            for waiter in waiters { waiter.resume(with: result) }
        }
    }

    private func writeAndSync(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { throw Failure(description: "cannot write the journal \(path): \(String(cString: strerror(errno)))") }
                offset += written
            }
        }
        guard fsync(descriptor) == 0 else { throw Failure(description: "cannot sync the journal \(path): \(String(cString: strerror(errno)))") }
    }

    /// Every complete entry of the journal at `path`, in order; none when there is no file.
    public static func read(path: String) throws -> [JournalEntry] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var entries: [JournalEntry] = []
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        for (number, line) in lines.enumerated() {
            do {
                entries.append(try decoder.decode(JournalEntry.self, from: Data(line)))
            } catch {
                // Only the very last line may be cut short by a kill.
                if number == lines.count - 1 && data.last != UInt8(ascii: "\n") { break }
                throw Failure(description: "\(path):\(number + 1): not a journal entry (\(error)); the journal is damaged")
            }
        }
        return entries
    }
}
