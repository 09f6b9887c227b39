import BattleshipRules
import Foundation
import Testing

@Suite("Durability across SIGKILL", .serialized)
struct DurabilityTests {
    static func temporaryDatabase() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("salvo-\(UUID().uuidString).sqlite").path
    }

    @Test("a game continues after the server is killed with SIGKILL and restarted on its file")
    func gameSurvivesKill() async throws {
        let path = Self.temporaryDatabase()
        let first = try await ServerProcess.start(databasePath: path)
        let created = try await RawHTTP.post(port: first.port, "/api/games", json: ["gameName": "durable", "playerName": "ann", "boardSeed": 10])
        let gameId = try #require(created.json["gameId"] as? String)
        let one = try #require(created.json["playerId"] as? String)
        let joined = try await RawHTTP.post(port: first.port, "/api/games/\(gameId)/join", json: ["playerName": "ben", "boardSeed": 20])
        let two = try #require(joined.json["playerId"] as? String)
        let targets = Fleet.seeded(20).ships.flatMap(\.cells)
        let water = openWater(Fleet.seeded(10))
        for index in 0..<5 {
            #expect(
                try await RawHTTP.post(
                    port: first.port, "/api/games/\(gameId)/guess", json: ["playerId": one, "xPos": targets[index].x, "yPos": targets[index].y]
                ).status == 200)
            #expect(
                try await RawHTTP.post(
                    port: first.port, "/api/games/\(gameId)/guess", json: ["playerId": two, "xPos": water[index].x, "yPos": water[index].y]
                ).status == 200)
        }
        first.kill()

        let second = try await ServerProcess.start(databasePath: path)
        defer { second.kill() }
        let detail = try await RawHTTP.get(port: second.port, "/api/games/\(gameId)")
        #expect(
            detail.json as NSDictionary == [
                "id": gameId, "name": "durable", "player1": "ann", "player2": "ben", "winner": "IN PROGRESS", "missilesLaunched": 10,
            ] as NSDictionary)
        #expect(try await RawHTTP.post(port: second.port, "/api/games/\(gameId)/status", json: ["playerId": one]).json["isYourTurn"] as? Bool == true)
        // Finish the game on the restarted server.
        for index in 5..<targets.count {
            #expect(
                try await RawHTTP.post(
                    port: second.port, "/api/games/\(gameId)/guess", json: ["playerId": one, "xPos": targets[index].x, "yPos": targets[index].y]
                ).status == 200)
            if index < targets.count - 1 {
                #expect(
                    try await RawHTTP.post(
                        port: second.port, "/api/games/\(gameId)/guess", json: ["playerId": two, "xPos": water[index].x, "yPos": water[index].y]
                    ).status == 200)
            }
        }
        #expect(try await RawHTTP.get(port: second.port, "/api/games/\(gameId)").json["winner"] as? String == "ann")
    }

    @Test("every acknowledged write survives a SIGKILL in the middle of a stream of writes")
    func acknowledgedWritesSurviveKillUnderLoad() async throws {
        let path = Self.temporaryDatabase()
        let server = try await ServerProcess.start(databasePath: path)
        let port = server.port
        // Four clients play games as fast as they can and record what the server acknowledged.
        let ledger = Ledger()
        let players = (0..<4).map { client in
            Task {
                var round = 0
                while !Task.isCancelled {
                    round += 1
                    let seedOne = UInt64(client * 1_000 + round)
                    let seedTwo = seedOne + 500
                    guard
                        let created = try? await RawHTTP.post(
                            port: port, "/api/games", json: ["gameName": "load", "playerName": "a", "boardSeed": seedOne]),
                        created.status == 200, let gameId = created.json["gameId"] as? String, let one = created.json["playerId"] as? String
                    else { return }
                    await ledger.created(gameId)
                    guard
                        let joined = try? await RawHTTP.post(
                            port: port, "/api/games/\(gameId)/join", json: ["playerName": "b", "boardSeed": seedTwo]),
                        joined.status == 200, let two = joined.json["playerId"] as? String
                    else { return }
                    await ledger.joined(gameId, one: one, two: two)
                    for cell in Coordinate.all.prefix(30) {
                        for player in [one, two] {
                            guard
                                let reply = try? await RawHTTP.post(
                                    port: port, "/api/games/\(gameId)/guess", json: ["playerId": player, "xPos": cell.x, "yPos": cell.y])
                            else { return }
                            if reply.status == 200 { await ledger.shot(gameId) }
                        }
                    }
                }
            }
        }
        // Kill once the stream of writes is well under way (at least 1.5 s and 60 acknowledged
        // shots), however slow the machine: the precondition is progress, not a clock.
        let started = ContinuousClock.now
        try await Task.sleep(for: .milliseconds(1_500))
        while await ledger.shotCount < 60, ContinuousClock.now - started < .seconds(60) {
            try await Task.sleep(for: .milliseconds(100))
        }
        server.kill()
        for player in players { player.cancel() }
        for player in players { await player.value }

        let restarted = try await ServerProcess.start(databasePath: path)
        defer { restarted.kill() }
        let snapshot = await ledger.snapshot()
        #expect(snapshot.shots.values.reduce(0, +) > 20, "the load did not get going")
        let listed = try await RawHTTP.get(port: restarted.port, "/api/games")
        let ids = Set(((try JSONSerialization.jsonObject(with: listed.body) as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String })
        for game in snapshot.created { #expect(ids.contains(game), "created game \(game) lost") }
        for (game, count) in snapshot.shots {
            let detail = try await RawHTTP.get(port: restarted.port, "/api/games/\(game)")
            let missiles = detail.json["missilesLaunched"] as? Int ?? -1
            // Unacknowledged writes in flight may also have landed, never fewer.
            #expect(missiles >= count, "game \(game): \(count) acknowledged, \(missiles) stored")
            #expect(missiles <= count + 1)
        }
        for (game, players) in snapshot.joined {
            let detail = try await RawHTTP.get(port: restarted.port, "/api/games/\(game)")
            #expect(detail.json["player2"] as? String == "b")
            let status = try await RawHTTP.post(port: restarted.port, "/api/games/\(game)/status", json: ["playerId": players.two])
            #expect(status.status == 200)
        }
    }
}

/// What the server acknowledged, per game.
actor Ledger {
    private(set) var createdGames: [String] = []
    private(set) var joinedGames: [String: (one: String, two: String)] = [:]
    private(set) var shots: [String: Int] = [:]

    func created(_ game: String) { createdGames.append(game) }
    func joined(_ game: String, one: String, two: String) { joinedGames[game] = (one, two) }
    func shot(_ game: String) { shots[game, default: 0] += 1 }
    var shotCount: Int { shots.values.reduce(0, +) }

    func snapshot() -> (created: [String], joined: [String: (one: String, two: String)], shots: [String: Int]) {
        (createdGames, joinedGames, shots)
    }
}
