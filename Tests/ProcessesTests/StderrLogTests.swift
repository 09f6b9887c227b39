import Foundation
import Testing

@testable import Processes

#if canImport(Glibc)
import Glibc
#endif

/// A bot process's stderr log (``StderrLog``): 1 MiB a process, and a file all the bot's
/// processes append to that stops growing at its cap, whatever the number of processes.
@Suite("A bot's stderr log")
struct StderrLogTests {
    /// A log file of `size` bytes (sparse: no disk), in a folder of its own.
    static func file(size: Int) throws -> String {
        let folder = NSTemporaryDirectory() + "salvo-stderr-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/bot.log"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, off_t(size)) == 0)
        return path
    }

    /// A process's stderr of `bytes` bytes, through a real pipe, into the log at `path`.
    static func write(_ bytes: Int, to path: String) {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        do {
            let log = StderrLog(pipe: ends[0], path: path)
            let text = [UInt8](repeating: UInt8(ascii: "e"), count: bytes)
            var offset = 0
            while offset < bytes {
                let written = text[offset...].withUnsafeBytes { Glibc.write(ends[1], $0.baseAddress, min($0.count, 32_768)) }
                guard written > 0 else { break }
                offset += written
                log.drain()
            }
            close(ends[1])
            log.drain()
        }
    }

    static func size(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
    }

    @Test("a log at its file cap gets no more stderr, only the line of what was dropped; one near it gets what fits")
    func fileCap() throws {
        let full = try Self.file(size: StderrLog.fileCapBytes)
        Self.write(100_000, to: full)
        let note = "\n[salvo: 100000 more bytes of stderr dropped; 0 kept: the log is at its cap of 64 MiB]\n"
        #expect(Self.size(full) == StderrLog.fileCapBytes + note.utf8.count)
        let end = try FileHandle(forReadingFrom: URL(fileURLWithPath: full))
        try end.seek(toOffset: UInt64(StderrLog.fileCapBytes))
        #expect(String(decoding: try end.readToEnd() ?? Data(), as: UTF8.self) == note)
        try end.close()

        let near = try Self.file(size: StderrLog.fileCapBytes - 10)
        Self.write(1_000, to: near)
        #expect(
            Self.size(near) == StderrLog.fileCapBytes
                + "\n[salvo: 990 more bytes of stderr dropped; 10 kept: the log is at its cap of 64 MiB]\n".utf8.count)

        // Past the cap and the lines' own megabyte, not even the line.
        let over = try Self.file(size: StderrLog.fileCapBytes + (1 << 20))
        Self.write(1_000, to: over)
        #expect(Self.size(over) == StderrLog.fileCapBytes + (1 << 20))
    }

    @Test("below the file's cap, each process keeps its 1 MiB and says what it dropped, as before")
    func processCap() throws {
        let path = try Self.file(size: 0)
        Self.write(StderrLog.capBytes + 5, to: path)
        Self.write(3, to: path)
        let note = "\n[salvo: 5 more bytes of stderr dropped; \(StderrLog.capBytes) kept]\n"
        #expect(Self.size(path) == StderrLog.capBytes + note.utf8.count + 3)
    }
}
