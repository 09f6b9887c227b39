import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An append-only log of a tournament run, one JSON object per line, each line flushed and
/// fsynced before `append` returns: a run killed at any moment loses nothing it recorded.
/// A line cut short by the kill is dropped when the journal is read back.
public actor Journal {
    /// Why the journal could not be used.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The journal file.
    public nonisolated let path: String
    private let descriptor: Int32
    private let encoder: JSONEncoder

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
    public func append(_ entry: JournalEntry) throws {
        var line = try encoder.encode(entry)
        line.append(UInt8(ascii: "\n"))
        try line.withUnsafeBytes { raw in
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
