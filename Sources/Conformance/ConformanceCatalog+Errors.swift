import BattleshipAPI
import BattleshipRules

/// The reference's error table, row by row: HTTP 400 with the exact message as JSON.
extension ConformanceCatalog {
    static var errorChecks: [ConformanceCheck] {
        [
            ConformanceCheck(
                "errors.invalid-game-id", .required,
                "A game id that is not a GUID is refused on every route with 400 \"\(ErrorMessage.invalidGameId)\"."
            ) { context in
                let stranger = WireFormat.randomGUID()
                let get = try await context.get("/api/games/not-a-guid")
                try context.expectError(get, ErrorMessage.invalidGameId, "GET /api/games/not-a-guid")
                for route in ["join", "guess", "status", "board"] {
                    let exchange = try await context.post(
                        "/api/games/123/\(route)", [("playerName", "bob"), ("playerId", .string(stranger)), ("xPos", 1), ("yPos", 1)])
                    try context.expectError(exchange, ErrorMessage.invalidGameId, "POST /api/games/123/\(route)")
                }
            },
            ConformanceCheck(
                "errors.unknown-game-detail", .required,
                "GET /api/games/:id for a well-formed id that names no game is refused with 400 \"\(ErrorMessage.unknownGameOnDetail)\"."
            ) { context in
                let exchange = try await context.get("/api/games/\(WireFormat.randomGUID())")
                try context.expectError(exchange, ErrorMessage.unknownGameOnDetail, "GET of an unknown game")
            },
            ConformanceCheck(
                "errors.unknown-game", .required,
                "join, guess, status and board of a well-formed id that names no game are refused with 400 \"\(ErrorMessage.unknownGame)\"."
            ) { context in
                let missing = WireFormat.randomGUID()
                for route in ["join", "guess", "status", "board"] {
                    let exchange = try await context.post(
                        "/api/games/\(missing)/\(route)",
                        [("playerName", "bob"), ("playerId", .string(WireFormat.randomGUID())), ("xPos", 1), ("yPos", 1)])
                    try context.expectError(exchange, ErrorMessage.unknownGame, "POST /\(route) of an unknown game")
                }
            },
            ConformanceCheck(
                "errors.player-id", .referenceBug,
                "A playerId that is missing or not a GUID is refused on guess, status and board with 400 \"\(ErrorMessage.invalidPlayerId)\" as JSON (the reference sends it as plain text)."
            ) { context in
                let game = try await context.startGame()
                let bodies: [[(String, JSONValue)]] = [
                    [], [("playerId", "abc")], [("playerId", 42)], [("playerId", .string(String(game.creator.id.dropLast())))],
                ]
                for (index, body) in bodies.enumerated() {
                    for route in ["guess", "status", "board"] {
                        let exchange = try await context.post(game.path + "/\(route)", body + [("xPos", 1), ("yPos", 1)])
                        try expectPlayerIdError(
                            exchange, "POST /\(route) with \(JSONValue.object(body.map { (key: $0.0, value: $0.1) }).rendered)", context,
                            numeric: index == 2)
                    }
                }
                let status = try await context.status(game, game.creator)
                try context.expect(
                    status.isYourTurn, "After guesses refused for their playerId the creator is no longer told it is its turn.", status.exchange)
            },
            ConformanceCheck(
                "errors.player-not-in-game", .required,
                "A well-formed playerId that is not a player of the game is refused on guess, status and board with 400 \"\(ErrorMessage.playerNotInGame)\"."
            ) { context in
                let game = try await context.startGame()
                let other = try await context.startGame()
                for stranger in [WireFormat.randomGUID(), other.creator.id] {
                    for route in ["guess", "status", "board"] {
                        let exchange = try await context.post(game.path + "/\(route)", player(stranger) + [("xPos", 1), ("yPos", 1)])
                        try context.expectError(
                            exchange, ErrorMessage.playerNotInGame,
                            "POST /\(route) by \(stranger == other.creator.id ? "a player of another game" : "an unknown GUID")")
                    }
                }
            },
            ConformanceCheck(
                "errors.not-in-play", .required, "In a WAITING game both guess and board are refused with 400 \"\(ErrorMessage.notInPlay)\""
            ) { context in
                let game = try await context.createGame()
                let guess = try await context.sendGuess(game, game.creator, Coordinate(x: 1, y: 1))
                try context.expectError(guess, ErrorMessage.notInPlay, "A guess before anyone joined")
                let board = try await context.post(game.path + "/board", player(game.creator.id))
                try context.expectError(board, ErrorMessage.notInPlay, "The board before anyone joined")
            },
            ConformanceCheck(
                "errors.coordinates", .required,
                "Coordinates outside 0…9, missing or not numbers are refused with 400 \"\(ErrorMessage.invalidCoordinates)\", and the turn is not lost."
            ) { context in
                let game = try await context.startGame()
                let cases: [[(String, JSONValue)]] = [
                    [("xPos", 10), ("yPos", 0)], [("xPos", 0), ("yPos", 10)], [("xPos", -1), ("yPos", 3)], [("xPos", 3), ("yPos", -1)],
                    [("xPos", "abc"), ("yPos", 3)], [("yPos", 3)], [("xPos", 3)], [("xPos", .null), ("yPos", 3)], [("xPos", 100), ("yPos", 100)],
                ]
                for coordinates in cases {
                    let exchange = try await context.post(game.path + "/guess", player(game.creator.id) + coordinates)
                    try context.expectError(
                        exchange, ErrorMessage.invalidCoordinates,
                        "A guess with \(JSONValue.object(coordinates.map { (key: $0.0, value: $0.1) }).rendered)")
                }
                let (json, exchange) = try await context.detail(game)
                try context.expect(
                    json["missilesLaunched"]?.intValue == 0,
                    "After guesses refused for their coordinates missilesLaunched is \(json["missilesLaunched"]?.rendered ?? "missing"), not 0.",
                    exchange)
                let status = try await context.status(game, game.creator)
                try context.expect(
                    status.isYourTurn, "After guesses refused for their coordinates the creator is no longer told it is its turn.", status.exchange)
            },
        ]
    }
}
