import BattleshipAPI
import BattleshipRules
import Foundation
import SalvoTestSupport
import Testing

@Suite("The seven endpoints over real HTTP")
struct EndpointTests {
    @Test("create, list, detail, join: the wire format of the reference")
    func lobbyLifecycle() async throws {
        try await withRunning(TestServer.start()) { server in
            let created = try await server.create(game: "Game 1", player: "Alice")
            #expect(
                created.game.range(of: #"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"#, options: .regularExpression) != nil)
            #expect(created.player != created.game)

            let waiting = try await server.get("/api/games")
            #expect(waiting.status == 200)
            #expect(waiting.headers["content-type"] == "application/json; charset=utf-8")
            let rows = try #require(try JSONSerialization.jsonObject(with: waiting.body) as? [[String: String]])
            #expect(rows == [["id": created.game, "name": "Game 1", "status": "WAITING"]])

            let detail = try await server.get("/api/games/\(created.game)")
            #expect(
                detail.json as NSDictionary == [
                    "id": created.game, "name": "Game 1", "player1": "Alice", "player2": "",
                    "winner": "IN PROGRESS", "missilesLaunched": 0,
                ] as NSDictionary)

            let joiner = try await server.join(created.game, player: "Bob")
            let detailAfter = try await server.get("/api/games/\(created.game.uppercased())")
            #expect(detailAfter.json["player2"] as? String == "Bob")
            let playing = try await server.get("/api/games")
            #expect(playing.text.contains("\"status\":\"PLAYING\""))
            #expect(joiner != created.player)
        }
    }

    @Test("status: the creator moves first, then turns alternate")
    func statusFollowsTurns() async throws {
        try await withRunning(TestServer.start()) { server in
            let created = try await server.create()
            // Waiting: false for the creator and for any well-formed GUID.
            #expect(
                try await server.status(created.game, created.player).json as NSDictionary == ["isYourTurn": false, "winner": "IN PROGRESS"]
                    as NSDictionary)
            #expect(try await server.status(created.game, UUID().uuidString).json["isYourTurn"] as? Bool == false)
            let two = try await server.join(created.game)
            #expect(try await server.status(created.game, created.player).json["isYourTurn"] as? Bool == true)
            #expect(try await server.status(created.game, two).json["isYourTurn"] as? Bool == false)
            #expect(try await server.guess(created.game, created.player, Coordinate(x: 0, y: 0)).status == 200)
            #expect(try await server.status(created.game, created.player).json["isYourTurn"] as? Bool == false)
            #expect(try await server.status(created.game, two).json["isYourTurn"] as? Bool == true)
        }
    }

    @Test("boardSeed places the fleet of Fleet.seeded; board lists hold 100 cells in row order")
    func seededBoards() async throws {
        try await withRunning(TestServer.start()) { server in
            let game = try await server.startGame(seedOne: 41, seedTwo: 42)
            let reply = try await server.post("/api/games/\(game.game)/board", ["playerId": game.one])
            let cells = try #require(reply.json["playerBoard"] as? [[String: Any]])
            #expect(cells.count == 100)
            for (index, cell) in cells.enumerated() {
                #expect(cell["xPos"] as? Int == index % 10 && cell["yPos"] as? Int == index / 10)
            }
            let shipCells = Set(Fleet.seeded(41).ships.flatMap(\.cells).map(\.index))
            let served = Set(cells.enumerated().filter { $0.element["status"] as? String == "SHIP" }.map(\.offset))
            #expect(served == shipCells)
            let opponent = try #require(reply.json["opponentBoard"] as? [[String: Any]])
            #expect(opponent.count == 100)
            #expect(opponent.allSatisfy { $0["status"] as? String == "NONE" })
        }
    }

    @Test("a guess reports hit, miss and the length of the ship it sinks")
    func guessResults() async throws {
        try await withRunning(TestServer.start()) { server in
            let game = try await server.startGame(seedOne: 5, seedTwo: 6)
            let target = Fleet.seeded(6).ships.last!  // the ship of length 2
            var water = openWater(Fleet.seeded(5)).makeIterator()
            let first = try await server.guess(game.game, game.one, target.cells[0])
            #expect(first.json as NSDictionary == ["hit": true, "shipSunk": 0] as NSDictionary)
            _ = try await server.guess(game.game, game.two, water.next()!)
            let second = try await server.guess(game.game, game.one, target.cells[1])
            #expect(second.json as NSDictionary == ["hit": true, "shipSunk": 2] as NSDictionary)
            let miss = try await server.guess(game.game, game.two, water.next()!)
            #expect(miss.json as NSDictionary == ["hit": false, "shipSunk": 0] as NSDictionary)
            let board = try await server.board(game.game, game.one)
            #expect(board.shots[target.cells[0].index] == "HIT")
            #expect(board.own.filter { $0 == "MISS" }.count == 2)
        }
    }

    @Test("form-encoded bodies work like JSON, and numeric strings are coordinates")
    func formEncodedBodies() async throws {
        try await withRunning(TestServer.start()) { server in
            let port = server.port
            let form = "application/x-www-form-urlencoded"
            let created = try await RawHTTP.request(
                port: port, method: "POST", path: "/api/games", contentType: form, body: Data("gameName=Form+Game&playerName=Carol%20A".utf8))
            #expect(created.status == 200)
            let gameId = try #require(created.json["gameId"] as? String)
            let playerId = try #require(created.json["playerId"] as? String)
            #expect(try await server.get("/api/games/\(gameId)").json["player1"] as? String == "Carol A")
            let joined = try await RawHTTP.request(
                port: port, method: "POST", path: "/api/games/\(gameId)/join", contentType: form, body: Data("playerName=Dave".utf8))
            #expect(joined.status == 200)
            let guess = try await RawHTTP.request(
                port: port, method: "POST", path: "/api/games/\(gameId)/guess", contentType: form,
                body: Data("playerId=\(playerId)&xPos=9&yPos=9".utf8))
            #expect(guess.status == 200)
            let board = try await server.board(gameId, playerId)
            #expect(board.shots[99] != "NONE")
        }
    }

    @Test("health answers, unknown routes answer 404 with a JSON message")
    func healthAndUnknownRoutes() async throws {
        try await withRunning(TestServer.start()) { server in
            let health = try await server.get("/health")
            #expect(health.status == 200 && health.json["status"] as? String == "ok")
            for path in ["/", "/api", "/api/games/x/y/z", "/index.html"] {
                let reply = try await server.get(path)
                #expect(reply.status == 404)
                #expect(reply.headers["content-type"] == "application/json; charset=utf-8")
                #expect(reply.message?.contains("No such endpoint") == true)
            }
            let wrongMethod = try await RawHTTP.request(port: server.port, method: "DELETE", path: "/api/games")
            #expect(wrongMethod.status == 404 || wrongMethod.status == 405)
            #expect(wrongMethod.message != nil)
        }
    }
}
