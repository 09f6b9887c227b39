import Foundation
import SalvoTestSupport
import Testing

/// A run continued on an output folder whose server database is damaged (a disk error, a
/// copy cut short): the run stops with one clear line, loses nothing of its journal, and
/// continues once the database is moved away.
@Suite("A damaged server database", .serialized, .timeLimit(.minutes(3)))
struct DamagedDatabaseTests {
    @Test("resuming on a damaged server.sqlite: an error naming the file and what to do, the journal untouched; without the file the run continues")
    func damagedDatabase() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-damaged-db-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "name: damaged\ngames_per_pairing: 2\nconcurrency: 2\nseed: 4\nbots: [random, hunt-target, parity]\n".write(
            toFile: folder + "/t.yaml", atomically: true, encoding: .utf8)
        let first = try await SalvoExecutable.run(["run", "t.yaml", "--output", "out"], workingDirectory: folder)
        #expect(first.status == 0, "\(first.err)")
        let journal = folder + "/out/journal.jsonl"
        // As if the run had been killed after its third game: the journal up to that line.
        let lines = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let third = try #require(lines.indices.filter { lines[$0].contains("\"type\":\"finished\"") }.dropFirst(2).first)
        try (lines[...third].joined(separator: "\n") + "\n").write(toFile: journal, atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: journal))
        // Garbage where the database was, and a journal that still has games to play.
        var garbage = Data(count: 8192)
        for index in garbage.indices { garbage[index] = UInt8(truncatingIfNeeded: index &* 31 &+ 7) }
        try garbage.write(to: URL(fileURLWithPath: folder + "/out/server.sqlite"))
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: folder + "/out/server.sqlite" + suffix) }

        let refused = try await SalvoExecutable.run(["run", "t.yaml", "--output", "out"], workingDirectory: folder)
        #expect(refused.status != 0)
        #expect(
            refused.err.contains("file is not a database") && refused.err.contains("out/server.sqlite cannot be used: move it away and run again"),
            "\(refused.err)")
        #expect(refused.err.split(separator: "\n").count == 1, "\(refused.err)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)) == before, "the journal was changed")

        // Once the file is moved away, the run continues: the three games left are played.
        try FileManager.default.moveItem(atPath: folder + "/out/server.sqlite", toPath: folder + "/damaged.sqlite")
        let again = try await SalvoExecutable.run(["run", "t.yaml", "--output", "out"], workingDirectory: folder)
        #expect(again.status == 0, "\(again.err)")
        #expect(again.out.contains("6 of 6 games rated"), "\(again.out)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: journal)).starts(with: before), "the journal kept every line it had")
    }
}
