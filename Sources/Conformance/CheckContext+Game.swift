import BattleshipRules

/// The API spoken as a client would, each reply checked just enough to go on: the checks
/// build on these to set up games, and fail with the exchange when setting up fails.
extension CheckContext {
    /// A fresh name no other check uses, letters, digits and spaces only.
    public static func uniqueName(_ prefix: String) -> String {
        "\(prefix) \(UInt32.random(in: 100_000...999_999))"
    }

    /// `POST /api/games`: a new waiting game with fresh names.
    public func createGame(gameName: String? = nil, playerName: String? = nil) async throws -> StartedGame {
        let gameName = gameName ?? Self.uniqueName("check game")
        let playerName = playerName ?? Self.uniqueName("ann")
        let exchange = try await post("/api/games", [("gameName", .string(gameName)), ("playerName", .string(playerName))])
        let json = try expectSuccess(exchange, "Creating a game")
        guard let gameId = json["gameId"]?.stringValue, let playerId = json["playerId"]?.stringValue else {
            throw CheckFinding.failure("Creating a game: the reply lacks the strings \"gameId\" and \"playerId\".", exchange: exchange)
        }
        return StartedGame(id: gameId, name: gameName, creator: .init(id: playerId, name: playerName))
    }

    /// `POST /api/games/:id/join`: returns the game with its joiner.
    public func join(_ game: StartedGame, playerName: String? = nil) async throws -> StartedGame {
        let playerName = playerName ?? Self.uniqueName("bob")
        let exchange = try await post(game.path + "/join", [("playerName", .string(playerName))])
        let json = try expectSuccess(exchange, "Joining a game")
        guard let playerId = json["playerId"]?.stringValue else {
            throw CheckFinding.failure("Joining a game: the reply lacks the string \"playerId\".", exchange: exchange)
        }
        var joined = game
        joined.joiner = .init(id: playerId, name: playerName)
        return joined
    }

    /// A created and joined game.
    public func startGame() async throws -> StartedGame {
        try await join(try await createGame())
    }

    /// `POST /status`: whose turn it is and the winner.
    public func status(_ game: StartedGame, _ player: StartedGame.Player) async throws -> (isYourTurn: Bool, winner: String, exchange: Exchange) {
        let exchange = try await post(game.path + "/status", [("playerId", .string(player.id))])
        let json = try expectSuccess(exchange, "Asking for the status")
        guard let turn = json["isYourTurn"]?.boolValue, let winner = json["winner"]?.stringValue else {
            throw CheckFinding.failure(
                "Asking for the status: the reply is not {\"isYourTurn\": boolean, \"winner\": string} (keys: \(BoardReply.keyList(json))).",
                exchange: exchange
            )
        }
        return (turn, winner, exchange)
    }

    /// `POST /board`, shape checked.
    public func board(_ game: StartedGame, _ player: StartedGame.Player) async throws -> (board: BoardReply, exchange: Exchange) {
        let exchange = try await post(game.path + "/board", [("playerId", .string(player.id))])
        let json = try expectSuccess(exchange, "Reading the board")
        do throws(ShapeError) {
            return (try BoardReply.parse(json), exchange)
        } catch {
            throw CheckFinding.failure("Reading the board: \(error.description).", exchange: exchange)
        }
    }

    /// `POST /guess` that must be accepted: returns `hit` and `shipSunk`.
    public func guess(_ game: StartedGame, _ player: StartedGame.Player, _ cell: Coordinate) async throws -> (
        hit: Bool, shipSunk: Int, exchange: Exchange
    ) {
        let exchange = try await sendGuess(game, player, cell)
        let json = try expectSuccess(exchange, "Guessing \(cell)")
        guard let hit = json["hit"]?.boolValue, let sunk = json["shipSunk"]?.intValue else {
            throw CheckFinding.failure(
                "Guessing \(cell): the reply is not {\"hit\": boolean, \"shipSunk\": number} (keys: \(BoardReply.keyList(json))).",
                exchange: exchange
            )
        }
        return (hit, sunk, exchange)
    }

    /// `POST /guess`, whatever the reply.
    public func sendGuess(_ game: StartedGame, _ player: StartedGame.Player, _ cell: Coordinate) async throws -> Exchange {
        try await post(
            game.path + "/guess", [("playerId", .string(player.id)), ("xPos", .number(Double(cell.x))), ("yPos", .number(Double(cell.y)))])
    }

    /// `GET /api/games/:id`, as a JSON object.
    public func detail(_ game: StartedGame) async throws -> (json: JSONValue, exchange: Exchange) {
        let exchange = try await get(game.path)
        let json = try expectSuccess(exchange, "Reading the game's detail")
        try expect(json.keys != nil, "Reading the game's detail: the reply is \(json.typeName), not an object.", exchange)
        return (json, exchange)
    }

    /// The status `GET /api/games` lists for `game`, with the exchange.
    public func listedStatus(of game: StartedGame) async throws -> (status: String?, exchange: Exchange) {
        let exchange = try await get("/api/games")
        let json = try expectSuccess(exchange, "Listing the games")
        guard let rows = json.arrayValue else {
            throw CheckFinding.failure("Listing the games: the reply is \(json.typeName), not an array.", exchange: exchange)
        }
        let row = rows.first { $0["id"]?.stringValue == game.id }
        return (row?["status"]?.stringValue, exchange)
    }

    /// Fails unless `GET /api/games` lists `game` with `status` (and its name).
    public func expectListed(_ game: StartedGame, as status: String, _ when: String) async throws {
        let (listed, exchange) = try await listedStatus(of: game)
        try expect(listed != nil, "GET /api/games does not list the game \(when).", exchange)
        try expect(
            listed == status, "GET /api/games lists the game as \(listed.map { "\"\($0)\"" } ?? "nothing") \(when); expected \"\(status)\".", exchange
        )
    }
}
