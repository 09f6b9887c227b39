import Dispatch
import Foundation
import JSONCoding

/// The entries of a journal's bytes, read on all cores (a class's journal of 100,000 games is
/// hundreds of megabytes), in the layout its first line shows: ``JournalCodec``'s, or version
/// 1's (``JournalCodecV1``). Only the very last line may be cut short (by a kill), and only
/// when the bytes do not end with a newline; it is then left out.
public struct JournalContents: Sendable {
    /// Why a line could not be read: its 1-based number and what was wrong.
    public struct Damaged: Error, Sendable {
        public let line: Int
        public let detail: String
    }

    /// The layout version of the file: 1, or ``JournalCodec/schemaVersion``.
    public let version: Int
    /// Every complete entry, in order.
    public let entries: [JournalEntry]

    public init(_ data: Data) throws(Damaged) {
        let lines: [Range<Int>] = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var lines: [Range<Int>] = []
            var start = 0
            while start < raw.count {
                var end = start
                while end < raw.count && raw[end] != 0x0A { end += 1 }
                if end > start { lines.append(start..<end) }
                start = end + 1
            }
            return lines
        }
        var version = JournalCodec.schemaVersion
        if let first = lines.first {
            let current = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                JournalCodec.isCurrentLayout(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[first]))
            }
            if !current { version = 1 }
        }
        let read: @Sendable (UnsafeBufferPointer<UInt8>) throws(JSONError) -> JournalEntry = version == 1 ? JournalCodecV1.entry : JournalCodec.entry
        let cutShortAllowed = data.last != 0x0A
        let chunkCount = max(1, min(lines.count / 256, ProcessInfo.processInfo.activeProcessorCount * 4))
        let chunkSize = (lines.count + chunkCount - 1) / chunkCount
        let results = ChunkResults(count: chunkCount)
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                let bytes = raw.bindMemory(to: UInt8.self)
                var entries: [JournalEntry] = []
                let range = (chunk * chunkSize)..<min(lines.count, (chunk + 1) * chunkSize)
                entries.reserveCapacity(range.count)
                for number in range {
                    do {
                        entries.append(try read(UnsafeBufferPointer(rebasing: bytes[lines[number]])))
                    } catch {
                        if number == lines.count - 1 && cutShortAllowed { break }
                        results.set(chunk, .failure(Damaged(line: number + 1, detail: "\(error)")))
                        return
                    }
                }
                results.set(chunk, .success(entries))
            }
        }
        var all: [JournalEntry] = []
        all.reserveCapacity(lines.count)
        for chunk in 0..<chunkCount {
            switch results.get(chunk) {
            case .success(let entries): all.append(contentsOf: entries)
            case .failure(let damaged): throw damaged
            case nil: break
            }
        }
        self.version = version
        self.entries = all
    }
}

/// Per-chunk results of the parallel read, written once each from the worker threads.
private final class ChunkResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<[JournalEntry], JournalContents.Damaged>?]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func set(_ chunk: Int, _ result: Result<[JournalEntry], JournalContents.Damaged>) {
        lock.lock()
        results[chunk] = result
        lock.unlock()
    }

    func get(_ chunk: Int) -> Result<[JournalEntry], JournalContents.Damaged>? {
        lock.lock()
        defer { lock.unlock() }
        return results[chunk]
    }
}
