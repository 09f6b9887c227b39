import Foundation
import Processes
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A child's output kept within a cap (``CappedLog``): its first and last 512 KiB and a line
/// saying what was cut, from real processes printing through the pipe.
@Suite("A capped log of a child's output")
struct CappedLogTests {
    /// A fresh log path in a folder of its own.
    static func path() throws -> String {
        let folder = NSTemporaryDirectory() + "salvo-capped-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder + "/build.log"
    }

    /// Runs `script` under `/bin/sh -c` with its output in a capped log at `path`, to its end.
    static func run(_ script: String, into path: String) async throws -> CappedLog {
        let log = try CappedLog(appendingTo: path, label: "build output")
        let process = try await LoggedProcess.start(executable: "/bin/sh", arguments: ["sh", "-c", script], environment: nil, log: log.childEnd).get()
        log.closeChildEnd()
        #expect(await process.waitExit(within: .seconds(120), draining: log))
        let status = process.reap()
        #expect(status == 0, "exit status \(status)")
        log.finish()
        return log
    }

    /// The output of `printf 'HEAD-START\n'; yes line | head -c COUNT; printf '\nTAIL-END\n'`.
    static func expectedOutput(lineBytes count: Int) -> [UInt8] {
        Array("HEAD-START\n".utf8) + Array(String(repeating: "line\n", count: count / 5).utf8) + Array("\nTAIL-END\n".utf8)
    }

    @Test("a process printing 5 MB leaves its first and last 512 KiB, byte for byte, and one line between saying how much was cut")
    func fiveMegabytes() async throws {
        let path = try Self.path()
        let log = try await Self.run("printf 'HEAD-START\\n'; yes line | head -c 5000000; printf '\\nTAIL-END\\n'", into: path)
        let output = Self.expectedOutput(lineBytes: 5_000_000)
        #expect(log.total == output.count)
        #expect(log.cutBytes == output.count - CappedLog.capBytes)
        let line = "\n[… 4.0 MB of build output cut here (3951445 bytes) …]\n"
        #expect(CappedLog.cutLine(output.count - CappedLog.capBytes, label: "build output") == line)
        let kept = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(kept.count == CappedLog.capBytes + line.utf8.count)
        #expect(kept == Array(output.prefix(CappedLog.headBytes)) + Array(line.utf8) + Array(output.suffix(CappedLog.tailBytes)))
        #expect(String(decoding: kept.prefix(11), as: UTF8.self) == "HEAD-START\n")
        #expect(String(decoding: kept.suffix(10), as: UTF8.self) == "\nTAIL-END\n")
    }

    @Test("an output within the cap is kept whole with no line, up to exactly 1 MiB; one byte more is cut, and said so")
    func withinTheCap() async throws {
        for (bytes, cut) in [(1_000, 0), (CappedLog.capBytes, 0), (CappedLog.capBytes + 1, 1)] {
            let path = try Self.path()
            let log = try await Self.run("head -c \(bytes) /dev/urandom", into: path)
            #expect(log.total == bytes && log.cutBytes == cut)
            let kept = try Data(contentsOf: URL(fileURLWithPath: path))
            let line = cut > 0 ? CappedLog.cutLine(cut, label: "build output").utf8.count : 0
            #expect(kept.count == min(bytes, CappedLog.capBytes) + line, "\(bytes) bytes written")
        }
    }

    @Test("a writer left behind by the process does not hold the log open: the group's kill ends it, and the log is finished")
    func leftBehind() async throws {
        let path = try Self.path()
        // The grandchild keeps the pipe's write end; the shell exits at once.
        _ = try await Self.run("(sleep 300; echo never) & echo started", into: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "started\n")
    }

    @Test("a log file kept whole before logs were capped reads as its head, the line and its tail, and a capped one whole")
    func readingAnOldLog() throws {
        let path = try Self.path()
        let output = Self.expectedOutput(lineBytes: 3_000_000)
        try Data(output).write(to: URL(fileURLWithPath: path))
        let read = try #require(CappedLog.read(fileAt: path, label: "build output"))
        let line = CappedLog.cutLine(output.count - CappedLog.capBytes, label: "build output")
        #expect(Array(read) == Array(output.prefix(CappedLog.headBytes)) + Array(line.utf8) + Array(output.suffix(CappedLog.tailBytes)))
        // A capped log with the runner's lines around it (under the slack) is read as it is.
        let capped = Array("$ make\n".utf8) + Array(read) + Array("# build succeeded\n".utf8)
        try Data(capped).write(to: URL(fileURLWithPath: path))
        #expect(CappedLog.read(fileAt: path, label: "build output").map(Array.init) == capped)
        #expect(CappedLog.read(fileAt: path + ".missing", label: "build output") == nil)
    }
}
