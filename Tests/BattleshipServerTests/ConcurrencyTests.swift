import BattleshipRules
import Foundation
import GRDB
import SalvoTestSupport
import Testing

@Suite("Concurrent requests")
struct ConcurrencyTests {
    @Test("of 16 concurrent guesses by the player to move, exactly one applies")
    func concurrentGuessesOnOneGame() async throws {
        try await withRunning(TestServer.start()) { server in
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
    }

    @Test("two players racing on one game never fire twice in a row")
    func bothPlayersRacing() async throws {
        let path = DurabilityTests.temporaryDatabase()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (game, accepted, missiles) = try await withRunning(TestServer.start(databasePath: path)) { server in
            let game = try await server.startGame(seedOne: 3, seedTwo: 4)
            // Both players fire at every cell as fast as they can; the turn rule must hold. Each
            // player's accepted shots, in the order it sent them:
            let accepted = try await withThrowingTaskGroup(of: (String, [Coordinate]).self) { group in
                for player in [game.one, game.two] {
                    group.addTask {
                        var cells: [Coordinate] = []
                        for cell in Coordinate.all where try await server.guess(game.game, player, cell).status == 200 {
                            cells.append(cell)
                        }
                        return (player, cells)
                    }
                }
                return try await group.reduce(into: [String: [Coordinate]]()) { $0[$1.0] = $1.1 }
            }
            return (game, accepted, try await server.get("/api/games/\(game.game)").json["missilesLaunched"] as? Int)
        }
        // The server's own record of the order: the shot table, by sequence number.
        let shots = try await DatabaseQueue(path: path).read { db in
            try Row.fetchAll(db, sql: "SELECT seat, x, y FROM shot WHERE gameId = ? ORDER BY sequence", arguments: [game.game])
                .map { (seat: $0["seat"] as Int, cell: Coordinate(x: $0["x"], y: $0["y"])) }
        }
        let one = try #require(accepted[game.one])
        let two = try #require(accepted[game.two])
        #expect(missiles == one.count + two.count)
        #expect(shots.count == one.count + two.count)
        // The creator moved first, then the seats alternate, shot by shot.
        let (creator, joiner) = (PlayerSeat.one.rawValue, PlayerSeat.two.rawValue)
        #expect(shots.enumerated().allSatisfy { $0.element.seat == ($0.offset % 2 == 0 ? creator : joiner) }, "\(shots.map(\.seat))")
        // And each seat's shots are exactly the ones its player was told were accepted, in order.
        #expect(shots.filter { $0.seat == creator }.map(\.cell) == one)
        #expect(shots.filter { $0.seat == joiner }.map(\.cell) == two)
    }

    @Test("many games in parallel all finish with consistent counts")
    func parallelGames() async throws {
        try await withRunning(TestServer.start()) { server in
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
}
