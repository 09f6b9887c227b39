import Foundation
import JSONCoding
import Reports
import Testing
import Tournament

/// A published folder read without its journal (``PublishedReport``): replays from the packs,
/// a season's versions from results.json when a pack written before versions has none.
@Suite("Reading a published folder")
struct PublishedReportTests {
    struct Head: Encodable {
        var tournament: String
        var games: [ResultsDocument.GameEntry]
    }

    @Test("a pack written before replays named versions: each seat's version comes from results.json's versions")
    func versionsFromResults() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-published-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/replays", withIntermediateDirectories: true)
        let records = GameHistory(finished: Fixtures.finished()).games
        var pack = ReplayPack.Builder(number: 0)
        var entries: [ResultsDocument.GameEntry] = []
        for record in records {
            let replay = ReplayBuilder.replay(of: record, tournament: "golden")
            #expect(replay.players.allSatisfy { $0.version == nil })
            pack.add(replay)
            var entry = ResultsBuilder.entry(record, attempts: 1, season: true, night: 1)
            entry.versions = record.players.map { $0.bot == "charlie" ? "3f9c2a1b7d04" : "" }
            entries.append(entry)
        }
        try Data(pack.bytes()).write(to: URL(fileURLWithPath: folder + "/replays/pack-0000.js"))
        try JSONFormat.file(Head(tournament: "golden", games: entries)).write(to: URL(fileURLWithPath: folder + "/results.json"))

        let report = try PublishedReport(directory: folder)
        #expect(report.tournament == "golden" && report.entries.count == records.count)
        let replay = try #require(try report.replay(id: "4"))
        #expect(replay.players.map(\.bot) == ["charlie", "alpha"] && replay.players.map(\.version) == ["3f9c2a1b7d04", nil])
        #expect(try report.replay(id: "77") == nil && report.replay(id: "nope") == nil)
        var seen: [Int] = []
        let counts = try report.forEachGame { game in
            seen.append(game.replay.index)
            #expect(game.entry.index == game.replay.index && game.entry.night == 1)
        }
        #expect(seen == records.map(\.index) && counts.exported == records.count && counts.missing == 0)
    }

    @Test("a results.json that is not one is a clear error")
    func damaged() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-published-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/replays", withIntermediateDirectories: true)
        try Data("{\"games\": 3}".utf8).write(to: URL(fileURLWithPath: folder + "/results.json"))
        #expect(PublishedReport.isPublished(folder))
        #expect {
            _ = try PublishedReport(directory: folder)
        } throws: { error in
            (error as? ReportError)?.description.hasPrefix("The published report's file \(folder)/results.json cannot be read (") == true
        }
    }
}
