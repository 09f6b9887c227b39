import BattleshipAPI
import BattleshipRules

/// The lobby: `GET /api/games` with each game's status, `GET /api/games/:id` through a
/// game's life, creating and joining with valid and invalid names.
extension ConformanceCatalog {
    static var lobbyChecks: [ConformanceCheck] {
        [
            ConformanceCheck(
                "list.statuses", .required,
                "GET /api/games lists a game as WAITING after creation, PLAYING after the join and DONE after the last ship sinks."
            ) { context in
                let created = try await context.createGame()
                try await context.expectListed(created, as: "WAITING", "after creation")
                let game = try await context.join(created)
                try await context.expectListed(game, as: "PLAYING", "after the join")
                _ = try await context.playToEnd(game)
                try await context.expectListed(game, as: "DONE", "after the last ship sank")
            },
            ConformanceCheck(
                "detail.lifecycle", .required,
                "GET /api/games/:id gives the names, player2 \"\" until the join, winner \"IN PROGRESS\" until the end, and missilesLaunched counting both players' guesses."
            ) { context in
                let created = try await context.createGame()
                var (json, exchange) = try await context.detail(created)
                try expectDetail(
                    json, exchange, context, name: created.name, player1: created.creator.name, player2: "", winner: "IN PROGRESS", missiles: 0,
                    "before the join")
                let game = try await context.join(created)
                (json, exchange) = try await context.detail(game)
                try expectDetail(
                    json, exchange, context, name: game.name, player1: game.creator.name, player2: game.second.name, winner: "IN PROGRESS",
                    missiles: 0, "after the join")
                _ = try await context.guess(game, game.creator, Coordinate(x: 0, y: 0))
                (json, exchange) = try await context.detail(game)
                try expectDetail(
                    json, exchange, context, name: game.name, player1: game.creator.name, player2: game.second.name, winner: "IN PROGRESS",
                    missiles: 1, "after one guess")
                _ = try await context.guess(game, game.second, Coordinate(x: 0, y: 0))
                (json, exchange) = try await context.detail(game)
                try expectDetail(
                    json, exchange, context, name: game.name, player1: game.creator.name, player2: game.second.name, winner: "IN PROGRESS",
                    missiles: 2, "after a guess by each player")
            },
            ConformanceCheck(
                "create.names", .required,
                "Creating a game refuses a game or player name that is missing, empty, or not letters, digits and spaces with 400 \"\(ErrorMessage.namesNotAlphanumeric)\"; such names with spaces and digits are accepted."
            ) { context in
                let bad: [[(String, JSONValue)]] = [
                    [("gameName", "bad-name"), ("playerName", "ann")],
                    [("gameName", "fine game"), ("playerName", "ann_b")],
                    [("gameName", "dots.here"), ("playerName", "ann")],
                    [("gameName", ""), ("playerName", "ann")],
                    [("playerName", "ann")],
                    [("gameName", "no player")],
                ]
                for body in bad {
                    let exchange = try await context.post("/api/games", body)
                    try context.expectError(
                        exchange, ErrorMessage.namesNotAlphanumeric,
                        "Creating a game with \(JSONValue.object(body.map { (key: $0.0, value: $0.1) }).rendered)")
                }
                let good = try await context.post("/api/games", [("gameName", "Game 42 OK"), ("playerName", "Ann 2")])
                try context.expectSuccess(good, "Creating a game named \"Game 42 OK\" by \"Ann 2\"")
            },
            ConformanceCheck(
                "create.reserved-names", .required,
                "Creating a game refuses the reserved names (in progress, done, waiting, …, any case) with 400 \"\(ErrorMessage.reservedName)\"."
            ) { context in
                for (gameName, playerName) in [
                    ("In Progress", "ann"), ("fine game", "WINNER"), ("done", "ann"), ("fine game", "none"), ("Hit", "ann"),
                ] {
                    let exchange = try await context.post("/api/games", [("gameName", .string(gameName)), ("playerName", .string(playerName))])
                    try context.expectError(exchange, ErrorMessage.reservedName, "Creating game \"\(gameName)\" by \"\(playerName)\"")
                }
            },
            ConformanceCheck(
                "join.names", .required,
                "Joining refuses a bad player name with 400 \"\(ErrorMessage.playerNameNotAlphanumeric)\" and a reserved one with \"\(ErrorMessage.reservedName)\"; the creator's own name is allowed."
            ) { context in
                let game = try await context.createGame()
                let cases: [([(String, JSONValue)], String)] = [
                    ([("playerName", "bob-2")], ErrorMessage.playerNameNotAlphanumeric),
                    ([("playerName", "")], ErrorMessage.playerNameNotAlphanumeric),
                    ([], ErrorMessage.playerNameNotAlphanumeric),
                    ([("playerName", "Waiting")], ErrorMessage.reservedName),
                    ([("playerName", "SHIP")], ErrorMessage.reservedName),
                ]
                for (body, message) in cases {
                    let exchange = try await context.post(game.path + "/join", body)
                    try context.expectError(exchange, message, "Joining with \(JSONValue.object(body.map { (key: $0.0, value: $0.1) }).rendered)")
                }
                try await context.expectListed(game, as: "WAITING", "after refused joins")
                let joined = try await context.post(game.path + "/join", [("playerName", .string(game.creator.name))])
                try context.expectSuccess(joined, "Joining under the creator's own name")
            },
            ConformanceCheck(
                "join.not-waiting", .required,
                "Joining a game that is PLAYING is refused with 400 \"\(ErrorMessage.cannotJoin)\" and changes nothing."
            ) { context in
                let game = try await context.startGame()
                let exchange = try await context.post(game.path + "/join", [("playerName", "carol")])
                try context.expectError(exchange, ErrorMessage.cannotJoin, "Joining a game that is PLAYING")
                let (json, detail) = try await context.detail(game)
                try context.expect(
                    json["player2"]?.stringValue == game.second.name,
                    "After a refused third join, player2 is \(json["player2"]?.rendered ?? "missing"), not \"\(game.second.name)\".", detail)
                let status = try await context.status(game, game.second)
                try context.expect(!status.isYourTurn, "After a refused third join the joiner is told it is its turn.", status.exchange)
            },
        ]
    }

    /// Fails unless a detail reply has these values.
    static func expectDetail(
        _ json: JSONValue, _ exchange: Exchange, _ context: CheckContext,
        name: String, player1: String, player2: String, winner: String, missiles: Int, _ when: String
    ) throws {
        for (key, expected) in [("name", name), ("player1", player1), ("player2", player2), ("winner", winner)] {
            try context.expect(
                json[key]?.stringValue == expected, "\(when), \"\(key)\" is \(json[key]?.rendered ?? "missing"); expected \"\(expected)\".", exchange)
        }
        try context.expect(
            json["missilesLaunched"]?.intValue == missiles,
            "\(when), \"missilesLaunched\" is \(json["missilesLaunched"]?.rendered ?? "missing"); expected \(missiles).", exchange)
    }
}
