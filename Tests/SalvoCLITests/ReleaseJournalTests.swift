import Foundation
import SalvoTestSupport
import Testing

/// A journal written by release 0.3.0 (commit 987a218), committed with the results.json that
/// release's `salvo report` wrote from it (Tests/ReportsTests/Golden/release-0.3.0/, and the
/// tournament file that played it): today's `salvo report` must give the same standings,
/// ratings, crosstable and games. When a change means to alter a figure, this test says which.
@Suite("Journals of release 0.3.0", .serialized)
struct ReleaseJournalTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ReportsTests/Golden/release-0.3.0")

    /// results.json as an object, without what differs by design between two reports of one
    /// journal: when and by which Salvo it was written, (since results.json's schema
    /// version 2) where each game's replay is: the packed viewer, not a file per game, and
    /// (since 0.4) each game's `winnerShots`, checked apart, and each standing's `tie` (since
    /// 0.4: the statistical ties, Tests/ReportsTests/StandingTiesTests). A game's length, 0.3's `shots`, is
    /// `moves` since 0.4 ("shots" counts one player's): compared under its new name.
    static func results(_ path: String) throws -> [String: Any] {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        object["generatedAt"] = nil
        object["salvoVersion"] = nil
        object["schemaVersion"] = nil
        object["standings"] = (object["standings"] as? [[String: Any]])?.map { standing in
            var standing = standing
            standing["tie"] = nil
            return standing
        }
        object["games"] = (object["games"] as? [[String: Any]])?.map { game in
            var game = game
            game["replayJSON"] = nil
            game["replayHTML"] = nil
            game["winnerShots"] = nil
            if let shots = game.removeValue(forKey: "shots") { game["moves"] = shots }
            return game
        }
        return object
    }

    @Test("salvo report on a 0.3.0 journal gives the results 0.3.0 gave, section by section")
    func sameResults() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-release-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: Self.fixture.appendingPathComponent("journal.jsonl").path, toPath: folder + "/journal.jsonl")

        let report = try await SalvoExecutable.run(["report", folder])
        try #require(report.status == 0, "\(report.err)")
        let old = try Self.results(Self.fixture.appendingPathComponent("results.json").path)
        let new = try Self.results(folder + "/results.json")
        #expect(Set(new.keys) == Set(old.keys), "sections: \(new.keys.sorted()) against \(old.keys.sorted())")
        for key in old.keys.sorted() {
            let same = NSDictionary(dictionary: [key: old[key] as Any]).isEqual(to: [key: new[key] as Any])
            #expect(same, "results.json's \(key) differs from release 0.3.0's")
        }
        let games =
            try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/results.json"))) as? [String: Any])[
                "games"] as? [[String: Any]]
        #expect(games?.allSatisfy { ($0["replayHTML"] as? String) == "replays/viewer.html#game=\($0["index"] as? Int ?? -1)" } == true)
        // The winner's own shots, turns alternating from seat 0; none without a winner.
        #expect(
            games?.allSatisfy { game in
                guard let seat = game["winnerSeat"] as? Int, let moves = game["moves"] as? Int else { return game["winnerShots"] == nil }
                return game["shots"] == nil && game["winnerShots"] as? Int == (seat == 0 ? (moves + 1) / 2 : moves / 2)
            } == true)
        let standings = try #require(new["standings"] as? [[String: Any]])
        #expect(standings.map { $0["bot"] as? String } == ["density", "hunt-target", "parity", "py-random", "crasher"])
    }
}
