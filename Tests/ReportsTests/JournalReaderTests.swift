import Foundation
import Reports
import Testing
import Tournament

/// The journal as `salvo report` reads it (``RunJournal``) is what `Journal.read` gives.
@Suite("Reading a journal for reports")
struct JournalReaderTests {
    static let names = ["naïve 🚢 \"bot\"", "tab\there\\back", "</script>\u{1}"]

    static func journal(names: [String]) async throws -> (folder: String, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-reader-\(UUID().uuidString)").path
        let path = folder + "/journal.jsonl"
        let config = Fixtures.config(names: names)
        let journal = try Journal(path: path)
        try await journal.append(.started(JournalStart(name: config.name, configurationDigest: "d", totalGames: 6, configuration: config)))
        for record in Fixtures.finished(names: names) {
            try await journal.append(.created(index: record.index, server: record.server, gameId: record.gameId, creatorPlayerId: "p"))
            try await journal.append(.joined(index: record.index, joinerPlayerId: "q"))
            try await journal.append(.finished(record))
        }
        return (folder, path)
    }

    @Test("every record and the configuration equal Journal.read's, names with escapes and emoji included")
    func sameAsJournalRead() async throws {
        let (folder, path) = try await Self.journal(names: Self.names)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let loaded = try RunJournal.load(directory: folder)
        let expected = try Journal.read(path: path).compactMap { entry -> GameRecord? in
            if case .finished(let record) = entry { return record }
            return nil
        }
        #expect(loaded.finished == expected)
        #expect(loaded.finished == Fixtures.finished(names: Self.names))
        #expect(loaded.configuration == Fixtures.config(names: Self.names))
    }

    @Test("a last line cut short by a kill is dropped; a bad line in the middle is an error naming it")
    func damage() async throws {
        let (folder, path) = try await Self.journal(names: ["a", "b", "c"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("{\"type\":\"finished\",\"game\":{\"index\":9,\"pla".utf8))
        try handle.close()
        #expect(try RunJournal.load(directory: folder).finished.count == 7)
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[3] = String(lines[3].dropLast(3))  // a finished line, cut short, not last
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: ReportError.self) { try RunJournal.load(directory: folder) }
        do {
            _ = try RunJournal.load(directory: folder)
        } catch {
            #expect(error.description.contains("is damaged (line 4: "))
        }
    }

    @Test("a journal that does not open with its started line is refused")
    func noConfiguration() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-reader-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journal = try Journal(path: folder + "/journal.jsonl")
        try await journal.append(.joined(index: 0, joinerPlayerId: "q"))
        #expect(throws: ReportError.noConfiguration(path: folder + "/journal.jsonl")) { try RunJournal.load(directory: folder) }
    }
}
