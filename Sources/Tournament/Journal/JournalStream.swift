import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
import JSONCoding
#endif

/// A journal read as a stream: a block of lines at a time, each block decoded on all cores and
/// handed on in file order with where each line lies, so a reader can keep a line's
/// ``Location`` instead of its record and read it again later (``entries(at:)``). Memory stays
/// that of one block, however long the journal (a class's journal of 400,000 games).
///
/// Lines follow ``JournalContents``' rules: the layout is the first line's (``JournalCodec``'s,
/// version 2 or 3, or version 1's), and only a last line without a newline may be cut short,
/// when it is left out.
///
/// ```swift
/// let stream = try JournalStream(path: "reports/class/journal.jsonl")
/// try stream.forEach { entry, location in if case .finished(let record) = entry { … } }
/// ```
public final class JournalStream: @unchecked Sendable {
    /// Where a line lies in the file: its first byte and its length, newline left out.
    public struct Location: Hashable, Sendable {
        public var offset: Int64
        public var length: Int32

        public init(offset: Int64, length: Int32) {
            self.offset = offset
            self.length = length
        }
    }

    /// Why a journal could not be read.
    public enum Failure: Error, Sendable {
        /// The file could not be opened or read.
        case cannotRead(String)
        /// A line is not a journal entry: its 1-based number and what was wrong.
        case damaged(line: Int, detail: String)
        /// The file has no line.
        case empty
    }

    /// The journal's path.
    public let path: String
    /// The first line's entry (a `started` line in a journal of a run).
    public let first: JournalEntry
    /// The layout version: 1, or the first line's `schemaVersion`.
    public let version: Int
    /// The file's size when it was opened; lines past it (appended since) are not read.
    public let size: Int64

    private let descriptor: Int32
    private let decode: @Sendable (UnsafeBufferPointer<UInt8>) throws(JSONError) -> JournalEntry
    /// Bytes read at a time.
    static let blockSize = 2 << 20

    public init(path: String) throws(Failure) {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { throw .cannotRead(String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(file, &status) == 0 else {
            let detail = String(cString: strerror(errno))
            close(file)
            throw .cannotRead(detail)
        }
        let length = Int64(status.st_size)
        // The first line says the layout; read up to its newline.
        var head: [UInt8] = []
        var offset: Int64 = 0
        while offset < length {
            let chunk = Self.pread(file, offset: offset, count: Int(min(Int64(65_536), length - offset)))
            guard !chunk.isEmpty else { break }
            if let newline = chunk.firstIndex(of: 0x0A) {
                head.append(contentsOf: chunk[..<newline])
                break
            }
            head.append(contentsOf: chunk)
            offset += Int64(chunk.count)
        }
        guard !head.isEmpty else {
            close(file)
            throw .empty
        }
        let decoder = JournalCodec.decoder(firstLine: head)
        let entry: JournalEntry
        do {
            entry = try head.withUnsafeBufferPointer { bytes throws(JSONError) in try decoder(bytes) }
        } catch {
            close(file)
            throw .damaged(line: 1, detail: "\(error)")
        }
        self.path = path
        descriptor = file
        size = length
        decode = decoder
        first = entry
        if case .started = entry, head.starts(with: Array(#"{"type":"#.utf8)) {
            version = Self.schemaVersion(of: head) ?? JournalCodec.schemaVersion
        } else if case .started = entry {
            version = 1
        } else {
            version = JournalCodec.schemaVersion
        }
    }

    deinit {
        close(descriptor)
    }

    /// Calls `body` with every complete entry after the first line, in file order, with its
    /// line's location. Lines are decoded a block at a time on all cores.
    public func forEach(_ body: (JournalEntry, Location) throws -> Void) throws {
        var carry: [UInt8] = []
        var carryOffset: Int64 = 0
        var lineNumber = 0
        var position: Int64 = 0
        while position < size {
            let block = Self.pread(descriptor, offset: position, count: Int(min(Int64(Self.blockSize), size - position)))
            guard !block.isEmpty else { break }
            let blockStart = position
            position += Int64(block.count)
            var text = carry
            text.append(contentsOf: block)
            let textStart = carry.isEmpty ? blockStart : carryOffset
            // Whole lines of this block; the tail without a newline waits for the next block.
            var lines: [Range<Int>] = []
            var start = 0
            text.withUnsafeBufferPointer { bytes in
                var cursor = 0
                while let newline = Self.nextNewline(bytes, from: cursor) {
                    if newline > start { lines.append(start..<newline) }
                    start = newline + 1
                    cursor = start
                }
            }
            let atEnd = position >= size
            if atEnd && start < text.count {
                lines.append(start..<text.count)
                start = text.count
            }
            carry = Array(text[start...])
            carryOffset = textStart + Int64(start)
            let cutShortAllowed = atEnd && block.last != 0x0A
            let decoded = decodeLines(text, lines)
            for (number, line) in lines.enumerated() {
                lineNumber += 1
                guard lineNumber > 1 else { continue }  // the first line, read at open
                switch decoded[number] {
                case .success(let entry):
                    try body(entry, Location(offset: textStart + Int64(line.lowerBound), length: Int32(line.count)))
                case .failure(let error):
                    if atEnd && number == lines.count - 1 && cutShortAllowed { return }
                    throw Failure.damaged(line: lineNumber, detail: error.description)
                }
            }
        }
    }

    /// The entries of the lines at `locations`, decoded on all cores, in the order given.
    public func entries(at locations: [Location]) throws(Failure) -> [JournalEntry] {
        guard !locations.isEmpty else { return [] }
        // Read in runs of neighbouring lines: a journal's games lie mostly in schedule order.
        var text: [UInt8] = []
        var lines: [Range<Int>] = []
        lines.reserveCapacity(locations.count)
        var cache: (start: Int64, bytes: [UInt8]) = (0, [])
        for location in locations {
            let end = location.offset + Int64(location.length)
            if location.offset < cache.start || end > cache.start + Int64(cache.bytes.count) {
                let count = Int(min(max(Int64(location.length), Int64(1 << 20)), size - location.offset))
                cache = (location.offset, Self.pread(descriptor, offset: location.offset, count: max(count, Int(location.length))))
                guard cache.bytes.count >= Int(location.length) else { throw .cannotRead("the journal is shorter than when it was first read") }
            }
            let from = Int(location.offset - cache.start)
            lines.append(text.count..<(text.count + Int(location.length)))
            text.append(contentsOf: cache.bytes[from..<(from + Int(location.length))])
        }
        var entries: [JournalEntry] = []
        entries.reserveCapacity(lines.count)
        for result in decodeLines(text, lines) {
            switch result {
            case .success(let entry): entries.append(entry)
            case .failure(let error): throw .damaged(line: 0, detail: error.description)
            }
        }
        return entries
    }

    /// `lines` of `text` decoded, on all cores when there are many.
    private func decodeLines(_ text: [UInt8], _ lines: [Range<Int>]) -> [Result<JournalEntry, JSONError>] {
        let decode = self.decode
        let workers = lines.count < 64 ? 1 : max(1, min(lines.count / 32, ProcessInfo.processInfo.activeProcessorCount * 2))
        let share = (lines.count + workers - 1) / workers
        let results = DecodedLines(count: workers)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let range = min(lines.count, worker * share)..<min(lines.count, (worker + 1) * share)
            var decoded: [Result<JournalEntry, JSONError>] = []
            decoded.reserveCapacity(range.count)
            text.withUnsafeBufferPointer { bytes in
                for number in range {
                    let line = UnsafeBufferPointer(rebasing: bytes[lines[number]])
                    do throws(JSONError) {
                        decoded.append(.success(try decode(line)))
                    } catch {
                        decoded.append(.failure(error))
                    }
                }
            }
            results.set(worker, decoded)
        }
        return results.all
    }

    /// The `schemaVersion` of a `started` line, read without the rest of it.
    static func schemaVersion(of line: [UInt8]) -> Int? {
        let key = Array(#""schemaVersion":"#.utf8)
        guard line.count > key.count else { return nil }
        for start in 0...(line.count - key.count) where line[start] == key[0] && Array(line[start..<(start + key.count)]) == key {
            var value = 0
            var cursor = start + key.count
            var digits = 0
            while cursor < line.count, let digit = Int(exactly: line[cursor]).map({ $0 - 48 }), (0...9).contains(digit) {
                value = value * 10 + digit
                cursor += 1
                digits += 1
            }
            return digits > 0 ? value : nil
        }
        return nil
    }

    private static func nextNewline(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + start, 0x0A, bytes.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Up to `count` bytes from `offset`; fewer at the end of the file.
    static func pread(_ descriptor: Int32, offset: Int64, count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { raw in
                Glibc.pread(descriptor, raw.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled))
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            filled += got
        }
        if filled < count { bytes.removeSubrange(filled...) }
        return bytes
    }
}

/// The decoded lines of a block, one share per worker, each written once.
private final class DecodedLines: @unchecked Sendable {
    private var shares: [[Result<JournalEntry, JSONError>]]
    private let lock = NSLock()

    init(count: Int) {
        shares = Array(repeating: [], count: count)
    }

    func set(_ worker: Int, _ decoded: [Result<JournalEntry, JSONError>]) {
        lock.lock()
        shares[worker] = decoded
        lock.unlock()
    }

    var all: [Result<JournalEntry, JSONError>] {
        lock.lock()
        defer { lock.unlock() }
        return shares.flatMap { $0 }
    }
}
