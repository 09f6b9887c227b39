import BattleshipRules
import Foundation
import Testing

@Suite("Concurrent requests")
struct ConcurrencyTests {
    @Test("of 16 concurrent guesses by the player to move, exactly one applies")
    func concurrentGuessesOnOneGame() async throws {
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
        for round in 0..<5 {
            let game = try await server.startGame(seedOne: UInt64(round), seedTwo: UInt64(round + 50))
            let replies = try await withThrowingTaskGroup(of: RawResponse.self) { group in
                for index in 0..<16 {
                    group.addTask { try await server.guess(game.game, game.one, Coordinate(index: index)!) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(replies.filter { $0.status == 200 }.count == 1)
            #expect(replies.filter { $0.message == "Not your turn" }.count == 15)
            #expect(try await server.get("/api/games/\(game.game)").json["missilesLaunched"] as? Int == 1)
        }
    }

    @Test("two players racing on one game never fire twice in a row")
    func bothPlayersRacing() async throws {
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
        let game = try await server.startGame(seedOne: 3, seedTwo: 4)
        // Both players fire at every cell as fast as they can; the turn rule must hold.
        let accepted = try await withThrowingTaskGroup(of: Int.self) { group in
            for player in [game.one, game.two] {
                group.addTask {
                    var count = 0
                    for cell in Coordinate.all where try await server.guess(game.game, player, cell).status == 200 {
                        count += 1
                    }
                    return count
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        let missiles = try await server.get("/api/games/\(game.game)").json["missilesLaunched"] as? Int
        #expect(missiles == accepted.reduce(0, +))
        // Turns alternate, so the counts differ by at most one.
        #expect(abs(accepted[0] - accepted[1]) <= 1)
    }

    @Test("many games in parallel all finish with consistent counts")
    func parallelGames() async throws {
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
        let finished = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<12 {
                group.addTask {
                    let game = try await server.startGame(seedOne: UInt64(1_000 + index), seedTwo: UInt64(2_000 + index))
                    let targets = Fleet.seeded(UInt64(2_000 + index)).ships.flatMap(\.cells)
                    let water = openWater(Fleet.seeded(UInt64(1_000 + index)))
                    for (shot, target) in targets.enumerated() {
                        _ = try await server.guess(game.game, game.one, target)
                        if shot < 16 { _ = try await server.guess(game.game, game.two, water[shot]) }
                    }
                    return try await server.get("/api/games/\(game.game)").json["winner"] as? String == "alice"
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(finished.count == 12 && finished.allSatisfy { $0 })
    }
}
