import BattleshipRules
import Foundation
import SalvoTestSupport
import Testing

@Suite("A whole game to DONE")
struct FullGameTests {
    @Test("player one sinks every ship: winner by name, DONE, nobody's turn, boards complete")
    func playToTheEnd() async throws {
        try await withRunning(TestServer.start()) { server in
            let created = try await server.create(game: "Final", player: "Ann", seed: 100)
            let two = try await server.join(created.game, player: "Ben", seed: 200)
            let one = created.player
            let targets = Fleet.seeded(200).ships.flatMap(\.cells)
            var water = openWater(Fleet.seeded(100)).makeIterator()
            var sunk: [Int] = []
            for (shot, target) in targets.enumerated() {
                let reply = try await server.guess(created.game, one, target)
                #expect(reply.json["hit"] as? Bool == true)
                if let length = reply.json["shipSunk"] as? Int, length > 0 { sunk.append(length) }
                if shot < targets.count - 1 {
                    #expect(try await server.guess(created.game, two, water.next()!).json["hit"] as? Bool == false)
                }
            }
            #expect(sunk.sorted() == [2, 3, 3, 4, 5])
            for player in [one, two] {
                let status = try await server.status(created.game, player)
                #expect(status.json as NSDictionary == ["isYourTurn": false, "winner": "Ann"] as NSDictionary)
            }
            let detail = try await server.get("/api/games/\(created.game)")
            #expect(detail.json["winner"] as? String == "Ann")
            #expect(detail.json["missilesLaunched"] as? Int == 33)
            #expect(try await server.get("/api/games").text.contains("\"status\":\"DONE\""))
            // After the end no one may fire, and both boards can still be read.
            let late = try await server.guess(created.game, two, Coordinate(x: 0, y: 0))
            #expect(late.status == 400 && late.message == "Game is not in play.")
            let loserView = try await server.board(created.game, two)
            #expect(loserView.own.filter { $0 == "HIT" }.count == 17)
            #expect(!loserView.own.contains("SHIP"))
            #expect(loserView.shots.filter { $0 == "MISS" }.count == 16)
            let winnerView = try await server.board(created.game, one)
            #expect(winnerView.own.filter { $0 == "SHIP" }.count == 17)
            #expect(winnerView.shots.filter { $0 == "HIT" }.count == 17)
            // The board never shows the opponent's ships.
            #expect(!winnerView.shots.contains("SHIP") && !loserView.shots.contains("SHIP"))
        }
    }
}
