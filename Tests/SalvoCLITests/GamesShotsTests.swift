import Foundation
import SalvoTestSupport
import Testing

/// One meaning per number (issue 43): `salvo games` gives a win's shots as the winner's own, as
/// the replay and the standings' shots/win do, and both seats' together said as such.
@Suite("salvo games: the winner's shots")
struct GamesShotsTests {
    @Test("a win's line gives the winner's shots and both seats' together; the two agree with turn order")
    func winnersShots() async throws {
        let folder = NSTemporaryDirectory() + "salvo-games-shots-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "name: shots\ngames_per_pairing: 4\nbots: [random, hunt-target]\n".write(toFile: folder + "/t.yaml", atomically: true, encoding: .utf8)
        #expect(try await SalvoExecutable.run(["run", "t.yaml", "--output", "out", "--quiet"], workingDirectory: folder).status == 0)
        let games = try await SalvoExecutable.run(["games", "out"], workingDirectory: folder)
        #expect(games.status == 0, "\(games.err)")
        let wins = games.out.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /who sank the fleet in (\d+) shots \((\d+) by both\)/).map { (Int($0.1)!, Int($0.2)!) }
        }
        #expect(wins.count == 4, "\(games.out)")
        for (own, both) in wins {
            // 17 hits sink a fleet; the loser fired as many shots, or one fewer when the winner moved first.
            #expect(own >= 17 && (both - own == own || both - own == own - 1), "\(own) of \(both)")
        }
    }
}
