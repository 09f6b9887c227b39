import Foundation
import SalvoTestSupport
import Testing

/// One word per quantity (issue 52; docs/output.md, "Words"): `salvo games` gives a win's
/// shots as the winner's own, as the replay and the standings' shots/win do, and both seats'
/// together as the game's moves, in its table and in `--json`.
@Suite("salvo games: the winner's shots and the game's moves")
struct GamesShotsTests {
    @Test("a win's line gives the winner's shots and the game's moves; --json gives winnerShots and moves, no shots; the two agree with turn order")
    func winnersShots() async throws {
        let folder = NSTemporaryDirectory() + "salvo-games-shots-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "name: shots\ngames_per_pairing: 4\nbots: [random, hunt-target]\n".write(toFile: folder + "/t.yaml", atomically: true, encoding: .utf8)
        #expect(try await SalvoExecutable.run(["run", "t.yaml", "--output", "out", "--quiet"], workingDirectory: folder).status == 0)
        let games = try await SalvoExecutable.run(["games", "out"], workingDirectory: folder)
        #expect(games.status == 0, "\(games.err)")
        let wins = games.out.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /who sank the fleet in (\d+) shots \((\d+) moves\)/).map { (Int($0.1)!, Int($0.2)!) }
        }
        #expect(wins.count == 4, "\(games.out)")
        for (own, moves) in wins {
            // 17 hits sink a fleet; the loser fired as many shots, or one fewer when the winner moved first.
            #expect(own >= 17 && (moves - own == own || moves - own == own - 1), "\(own) of \(moves)")
        }

        let json = try await SalvoExecutable.run(["games", "out", "--json"], workingDirectory: folder)
        #expect(json.status == 0, "\(json.err)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        #expect(rows.count == 4)
        #expect(rows.allSatisfy { $0["shots"] == nil }, "\(json.out)")
        // The same figures as the table, game by game.
        let figures = rows.compactMap { row in (row["winnerShots"] as? Int).flatMap { own in (row["moves"] as? Int).map { (own, $0) } } }
        #expect(figures.map(\.0) == wins.map(\.0) && figures.map(\.1) == wins.map(\.1), "\(json.out)")
    }
}
