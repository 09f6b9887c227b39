import Foundation
import SalvoTestSupport
import Testing

/// `salvo rematch` on a Swiss run: the game's bots and seeds come from the round its scheduler
/// paired from the journal's results, not from a fixed schedule.
@Suite("salvo rematch of a Swiss run", .serialized, .timeLimit(.minutes(4)))
struct SwissRematchTests {
    @Test("every game of a 3-round Swiss run is replayed with the recorded shots, later rounds included")
    func rematchEveryRound() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-swiss-rematch-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/swiss.yaml"
        try """
        name: swiss-rematch
        format: swiss
        rounds: 3
        games_per_pairing: 2
        bots: [random, hunt-target, parity, density, champion]
        output: \(folder)/out
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let run = try await SalvoExecutable.run(["run", file])
        try #require(run.status == 0, "\(run.out)\n\(run.err)")

        let results = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/out/results.json"))) as? [String: Any])
        let games = try #require(results["games"] as? [[String: Any]])
        // 5 bots: 2 pairings a round, 2 games each, 3 rounds.
        #expect(games.count == 12)
        for game in games {
            let index = try #require(game["index"] as? Int)
            let players = try #require(game["players"] as? [String])
            let rematch = try await SalvoExecutable.run(["rematch", folder + "/out", String(index)])
            #expect(rematch.status == 0, "game \(index): \(rematch.err)")
            #expect(
                rematch.out.contains("seat 0: \(players[0]) (moves first)") && rematch.out.contains("seat 1: \(players[1])"),
                "game \(index): \(rematch.out)")
            #expect(rematch.out.contains("moves as the recorded game."), "game \(index): \(rematch.out.suffix(300))")
        }
        let beyond = try await SalvoExecutable.run(["rematch", folder + "/out", "12"])
        #expect(beyond.status != 0 && beyond.err.contains("12"))
    }
}
