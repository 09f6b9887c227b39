import BattleshipRules
import Foundation
import SalvoTestSupport
import Testing

/// Every row of the reference's error table (../shared/API-REFERENCE.md), with its status
/// and exact text, and the validation order of a guess.
@Suite("Error replies")
struct ErrorTableTests {
    static let strangerId = "11111111-2222-4333-8444-555555555555"

    @Test("game id that is not a GUID")
    func invalidGameId() async throws {
        try await withRunning(TestServer.start()) { server in
            for reply in [
                try await server.get("/api/games/not-a-guid"),
                try await server.post("/api/games/123/join", ["playerName": "bob"]),
                try await server.post("/api/games/xyz/guess", ["playerId": Self.strangerId, "xPos": 1, "yPos": 1]),
                try await server.post("/api/games/xyz/status", ["playerId": Self.strangerId]),
                try await server.post("/api/games/xyz/board", ["playerId": Self.strangerId]),
            ] {
                #expect(reply.status == 400)
                #expect(reply.message == "Must provide a valid GUID")
            }
        }
    }

    @Test("unknown game: one text on GET, another on the POST routes")
    func unknownGame() async throws {
        try await withRunning(TestServer.start()) { server in
            let missing = UUID().uuidString.lowercased()
            let detail = try await server.get("/api/games/\(missing)")
            #expect(detail.status == 400 && detail.message == "Game with the given id does not exist")
            for route in ["join", "guess", "status", "board"] {
                let reply = try await server.post(
                    "/api/games/\(missing)/\(route)", ["playerId": Self.strangerId, "playerName": "bob", "xPos": 1, "yPos": 1])
                #expect(reply.status == 400 && reply.message == "A game with that id does not exist", "\(route)")
            }
        }
    }

    @Test("player id missing or not a GUID, as a JSON body")
    func invalidPlayerId() async throws {
        try await withRunning(TestServer.start()) { server in
            let game = try await server.startGame()
            for body: [String: Any] in [
                [:], ["playerId": "abc"], ["playerId": 42], ["playerId": NSNull()], ["playerId": String(Self.strangerId.dropLast())],
            ] {
                for route in ["status", "board", "guess"] {
                    var fields = body
                    fields["xPos"] = 1
                    fields["yPos"] = 1
                    let reply = try await server.post("/api/games/\(game.game)/\(route)", fields)
                    #expect(reply.status == 400)
                    #expect(reply.headers["content-type"] == "application/json; charset=utf-8")
                    #expect(reply.message == "Player id is not a valid GUID", "\(route) \(body)")
                }
            }
        }
    }

    @Test("a GUID that is not a player of the game")
    func strangerPlayer() async throws {
        try await withRunning(TestServer.start()) { server in
            let game = try await server.startGame()
            for route in ["status", "board", "guess"] {
                let reply = try await server.post("/api/games/\(game.game)/\(route)", ["playerId": Self.strangerId, "xPos": 1, "yPos": 1])
                #expect(reply.status == 400 && reply.message == "The player does not belong to this game", "\(route)")
            }
        }
    }

    @Test("names that are not alphanumeric, on create and on join")
    func nonAlphanumericNames() async throws {
        try await withRunning(TestServer.start()) { server in
            for (gameName, playerName) in [("good", "bad-name"), ("bad_name", "good"), ("", "x"), ("x", ""), ("dot.name", "x"), ("émile", "x")] {
                let reply = try await server.post("/api/games", ["gameName": gameName, "playerName": playerName])
                #expect(reply.status == 400 && reply.message == "Names must be alphanumeric", "\(gameName)/\(playerName)")
            }
            let missing = try await server.post("/api/games", ["gameName": "only game"])
            #expect(missing.message == "Names must be alphanumeric")
            let created = try await server.create()
            for name in ["bob!", "", "a\tb"] {
                let reply = try await server.post("/api/games/\(created.game)/join", ["playerName": name])
                #expect(reply.status == 400 && reply.message == "Player name must be alphanumeric", "\(name)")
            }
        }
    }

    @Test("reserved names in any case; two players may share a name")
    func reservedNames() async throws {
        try await withRunning(TestServer.start()) { server in
            for name in ["in progress", "DONE", "Waiting", "playing", "winner", "ship", "hit", "miss", "None"] {
                let asGame = try await server.post("/api/games", ["gameName": name, "playerName": "alice"])
                #expect(asGame.status == 400 && asGame.message == "Name is not valid", "\(name)")
                let asPlayer = try await server.post("/api/games", ["gameName": "g", "playerName": name])
                #expect(asPlayer.message == "Name is not valid", "\(name)")
            }
            let created = try await server.create(player: "twin")
            let reserved = try await server.post("/api/games/\(created.game)/join", ["playerName": "Hit"])
            #expect(reserved.status == 400 && reserved.message == "Name is not valid")
            let twin = try await server.post("/api/games/\(created.game)/join", ["playerName": "twin"])
            #expect(twin.status == 200)
        }
    }

    @Test("joining a game that is not waiting")
    func joinStartedGame() async throws {
        try await withRunning(TestServer.start()) { server in
            let game = try await server.startGame()
            let reply = try await server.post("/api/games/\(game.game)/join", ["playerName": "carol"])
            #expect(reply.status == 400 && reply.message == "The game cannot be joined")
        }
    }

    @Test("guess in a waiting game, board of a waiting game")
    func notInPlay() async throws {
        try await withRunning(TestServer.start()) { server in
            let created = try await server.create()
            let guess = try await server.guess(created.game, created.player, Coordinate(x: 0, y: 0))
            #expect(guess.status == 400 && guess.message == "Game is not in play.")
            let board = try await server.post("/api/games/\(created.game)/board", ["playerId": created.player])
            #expect(board.status == 400 && board.message == "Game is not in play.")
        }
    }

    @Test("guess out of turn")
    func outOfTurn() async throws {
        try await withRunning(TestServer.start()) { server in
            let game = try await server.startGame()
            let reply = try await server.guess(game.game, game.two, Coordinate(x: 0, y: 0))
            #expect(reply.status == 400 && reply.message == "Not your turn")
        }
    }

    @Test("coordinates outside 0...9 or not numbers; parseInt's leniency kept")
    func invalidCoordinates() async throws {
        try await withRunning(TestServer.start()) { server in
            let game = try await server.startGame()
            let bad: [(Any, Any)] = [(10, 0), (0, -1), ("abc", 1), (1, true), (NSNull(), 1), ("", 2), (100, 100), ([1], 1)]
            for (x, y) in bad {
                let reply = try await server.post("/api/games/\(game.game)/guess", ["playerId": game.one, "xPos": x, "yPos": y])
                #expect(reply.status == 400 && reply.message == "X and/or Y coordinates are invalid", "\(x),\(y)")
            }
            let missing = try await server.post("/api/games/\(game.game)/guess", ["playerId": game.one])
            #expect(missing.message == "X and/or Y coordinates are invalid")
            // "3.7" and 4.2 read as 3 and 4, as JavaScript's parseInt reads them.
            let lenient = try await server.post("/api/games/\(game.game)/guess", ["playerId": game.one, "xPos": "3.7", "yPos": 4.2])
            #expect(lenient.status == 200)
            #expect(try await server.board(game.game, game.one).shots[4 * 10 + 3] != "NONE")
        }
    }

    @Test("guess validation order: exists, playing, player GUID, belongs, coordinates, turn")
    func guessValidationOrder() async throws {
        try await withRunning(TestServer.start()) { server in
            let waiting = try await server.create()
            // A waiting game refuses before the player id is even looked at.
            let early = try await server.post("/api/games/\(waiting.game)/guess", ["playerId": "junk", "xPos": 99, "yPos": 99])
            #expect(early.message == "Game is not in play.")
            let game = try await server.startGame()
            let path = "/api/games/\(game.game)/guess"
            #expect(try await server.post(path, ["playerId": "junk", "xPos": 99]).message == "Player id is not a valid GUID")
            #expect(try await server.post(path, ["playerId": Self.strangerId, "xPos": 99]).message == "The player does not belong to this game")
            // Player two, out of turn, with bad coordinates: coordinates are reported first.
            #expect(try await server.post(path, ["playerId": game.two, "xPos": 99, "yPos": 0]).message == "X and/or Y coordinates are invalid")
            #expect(try await server.post(path, ["playerId": game.two, "xPos": 1, "yPos": 0]).message == "Not your turn")
        }
    }

    @Test("a repeated guess at any cell is refused and changes nothing (the reference's teapot bug)")
    func repeatedGuess() async throws {
        try await withRunning(TestServer.start()) { server in
            let game = try await server.startGame(seedOne: 8, seedTwo: 9)
            let shipCell = Fleet.seeded(9).ships[0].cells[0]
            let water = openWater(Fleet.seeded(8))
            #expect(try await server.guess(game.game, game.one, shipCell).json["hit"] as? Bool == true)
            #expect(try await server.guess(game.game, game.two, water[0]).status == 200)
            let again = try await server.guess(game.game, game.one, shipCell)
            #expect(again.status == 400)
            #expect(again.message == "That cell was already targeted; choose another")
            // Still player one's turn, the game still running, two missiles counted.
            #expect(
                try await server.status(game.game, game.one).json as NSDictionary == ["isYourTurn": true, "winner": "IN PROGRESS"] as NSDictionary)
            #expect(try await server.get("/api/games/\(game.game)").json["missilesLaunched"] as? Int == 2)
            #expect(try await server.guess(game.game, game.two, water[1]).message == "Not your turn")
        }
    }
}
