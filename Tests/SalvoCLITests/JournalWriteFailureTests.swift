import Foundation
import SalvoTestSupport
import Testing

/// A journal that cannot be written: `salvo run` under a file-size limit (`ulimit -f`), against
/// a server in this process so that only the journal grows.
@Suite("salvo run when the journal cannot be written", .serialized, .timeLimit(.minutes(10)))
struct JournalWriteFailureTests {
    @Test("a failed journal write stops the run with one clear line; the next run continues, every game rated once")
    func fileSizeLimit() async throws {
        try await withRunning(CommandTests.quietServer()) { server in
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-journal-\(UUID().uuidString)").path
            let file = output + ".yaml"
            try "name: full\nbots: [random, parity]\ngames_per_pairing: 6\nconcurrency: 2\nseed: 2\n".write(
                toFile: file, atomically: true, encoding: .utf8)
            let journal = output + "/journal.jsonl"

            // 8 KiB of file: a few games' records, then the write fails part-way.
            // --quiet: the run's header and progress are notes (stderr); the error alone remains.
            let failed = try await SalvoExecutable.run(
                ["run", file, "--output", output, "--server", server.baseURL, "--quiet"], timeout: .seconds(300), ulimit: "-f 8")
            #expect(failed.status == 1)
            #expect(failed.err == "Error: cannot write the journal \(journal): File too large\n", "\(failed.err)")
            // What was written stays within the limit (the failing record may be cut short).
            #expect(try Data(contentsOf: URL(fileURLWithPath: journal)).count <= 8_192)

            let rest = try await SalvoExecutable.run(["run", file, "--output", output, "--server", server.baseURL], timeout: .seconds(300))
            #expect(rest.status == 0, "\(rest.err)")
            #expect(rest.out.contains("6 of 6 games rated"), "\(rest.out)")
            #expect(InterruptTests.ratedIndices(output).sorted() == Array(0..<6))
        }
    }
}
