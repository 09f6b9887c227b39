/// Reply shapes: every endpoint's keys, their JSON types, ids as GUIDs, JSON content type.
extension ConformanceCatalog {
    static var keyChecks: [ConformanceCheck] {
        [
            ConformanceCheck(
                "keys.create-reply", .required, "POST /api/games answers 200 {\"gameId\", \"playerId\"}: two different lower-case GUIDs."
            ) { context in
                let exchange = try await context.post("/api/games", [("gameName", "keys check"), ("playerName", "ann")])
                let json = try context.expectSuccess(exchange, "POST /api/games")
                try expectKeys(json, ["gameId", "playerId"], "POST /api/games", context, exchange)
                let gameId = json["gameId"]?.stringValue ?? ""
                let playerId = json["playerId"]?.stringValue ?? ""
                try context.expect(
                    WireFormat.isLowerCaseGUID(gameId), "gameId \(json["gameId"]?.rendered ?? "") is not a lower-case version-4 GUID.", exchange)
                try context.expect(
                    WireFormat.isLowerCaseGUID(playerId), "playerId \(json["playerId"]?.rendered ?? "") is not a lower-case version-4 GUID.", exchange
                )
                try context.expect(gameId != playerId, "gameId and playerId are the same id.", exchange)
            },
            ConformanceCheck(
                "keys.join-reply", .required, "POST /api/games/:id/join answers 200 {\"playerId\"}: a lower-case GUID other than the creator's."
            ) { context in
                let game = try await context.createGame()
                let exchange = try await context.post(game.path + "/join", [("playerName", "bob")])
                let json = try context.expectSuccess(exchange, "Joining")
                try expectKeys(json, ["playerId"], "POST /join", context, exchange)
                let playerId = json["playerId"]?.stringValue ?? ""
                try context.expect(
                    WireFormat.isLowerCaseGUID(playerId), "playerId \(json["playerId"]?.rendered ?? "") is not a lower-case version-4 GUID.", exchange
                )
                try context.expect(
                    playerId != game.creator.id && playerId != game.id, "The joiner's playerId repeats the creator's or the game's id.", exchange)
            },
            ConformanceCheck("keys.list-reply", .required, "GET /api/games answers a JSON array of {\"id\", \"name\", \"status\"}, one per game.") {
                context in
                let game = try await context.createGame()
                let exchange = try await context.get("/api/games")
                let json = try context.expectSuccess(exchange, "GET /api/games")
                guard let rows = json.arrayValue else {
                    throw CheckFinding.failure("GET /api/games answers \(json.typeName), not an array.", exchange: exchange)
                }
                for row in rows {
                    try expectKeys(row, ["id", "name", "status"], "A row of GET /api/games", context, exchange)
                    try context.expect(
                        row["id"]?.stringValue != nil && row["name"]?.stringValue != nil,
                        "A row of GET /api/games has a non-string id or name: \(row.rendered).", exchange)
                    let status = row["status"]?.stringValue ?? ""
                    try context.expect(
                        ["WAITING", "PLAYING", "DONE"].contains(status),
                        "A row of GET /api/games has status \(row["status"]?.rendered ?? "none"); expected WAITING, PLAYING or DONE.", exchange)
                }
                let mine = rows.filter { $0["id"]?.stringValue == game.id }
                try context.expect(mine.count == 1, "GET /api/games lists the new game \(mine.count) times, not once.", exchange)
                try context.expect(
                    mine.first?["name"]?.stringValue == game.name,
                    "GET /api/games gives the new game the name \(mine.first?["name"]?.rendered ?? "none"), not \"\(game.name)\".", exchange)
            },
            ConformanceCheck(
                "keys.detail-reply", .required,
                "GET /api/games/:id answers {\"id\", \"name\", \"player1\", \"player2\", \"winner\", \"missilesLaunched\"} with strings and a number."
            ) { context in
                let game = try await context.startGame()
                let exchange = try await context.get(game.path)
                let json = try context.expectSuccess(exchange, "GET /api/games/:id")
                try expectKeys(json, ["id", "missilesLaunched", "name", "player1", "player2", "winner"], "GET /api/games/:id", context, exchange)
                for key in ["id", "name", "player1", "player2", "winner"] {
                    try context.expect(json[key]?.stringValue != nil, "\"\(key)\" is \(json[key]?.typeName ?? "missing"), not a string.", exchange)
                }
                try context.expect(
                    json["missilesLaunched"]?.intValue != nil,
                    "\"missilesLaunched\" is \(json["missilesLaunched"]?.rendered ?? "missing"), not a whole number.", exchange)
                try context.expect(json["id"]?.stringValue == game.id, "\"id\" is \(json["id"]?.rendered ?? ""), not the game's id.", exchange)
            },
            ConformanceCheck("keys.status-reply", .required, "POST /api/games/:id/status answers {\"isYourTurn\": boolean, \"winner\": string}.") {
                context in
                let game = try await context.startGame()
                let exchange = try await context.post(game.path + "/status", player(game.creator.id))
                let json = try context.expectSuccess(exchange, "POST /status")
                try expectKeys(json, ["isYourTurn", "winner"], "POST /status", context, exchange)
                try context.expect(
                    json["isYourTurn"]?.boolValue != nil, "\"isYourTurn\" is \(json["isYourTurn"]?.rendered ?? ""), not true or false.", exchange)
                try context.expect(json["winner"]?.stringValue != nil, "\"winner\" is \(json["winner"]?.rendered ?? ""), not a string.", exchange)
            },
            ConformanceCheck("keys.guess-reply", .required, "POST /api/games/:id/guess answers {\"hit\": boolean, \"shipSunk\": number}.") {
                context in
                let game = try await context.startGame()
                let exchange = try await context.post(game.path + "/guess", player(game.creator.id) + [("xPos", 0), ("yPos", 0)])
                let json = try context.expectSuccess(exchange, "POST /guess")
                try expectKeys(json, ["hit", "shipSunk"], "POST /guess", context, exchange)
                try context.expect(json["hit"]?.boolValue != nil, "\"hit\" is \(json["hit"]?.rendered ?? ""), not true or false.", exchange)
                try context.expect(
                    json["shipSunk"]?.intValue != nil, "\"shipSunk\" is \(json["shipSunk"]?.rendered ?? ""), not a whole number.", exchange)
            },
            ConformanceCheck(
                "keys.board-reply", .required,
                "POST /api/games/:id/board answers {\"playerBoard\", \"opponentBoard\"}: 100 cells each, {\"xPos\", \"yPos\", \"status\"}, in row order."
            ) { context in
                let game = try await context.startGame()
                let exchange = try await context.post(game.path + "/board", player(game.creator.id))
                let json = try context.expectSuccess(exchange, "POST /board")
                try expectKeys(json, ["opponentBoard", "playerBoard"], "POST /board", context, exchange)
                do throws(ShapeError) {
                    _ = try BoardReply.parse(json)
                } catch {
                    throw CheckFinding.failure("POST /board: \(error.description).", exchange: exchange)
                }
            },
            ConformanceCheck("replies.content-type", .required, "Replies, successes and errors alike, have Content-Type application/json.") {
                context in
                let success = try await context.get("/api/games")
                try context.expect(
                    success.isJSONContentType,
                    "GET /api/games has Content-Type \(success.responseContentType.map { "\"\($0)\"" } ?? "none"), not application/json.", success)
                let error = try await context.get("/api/games/not-a-guid")
                try context.expect(
                    error.isJSONContentType,
                    "An error reply has Content-Type \(error.responseContentType.map { "\"\($0)\"" } ?? "none"), not application/json.", error)
            },
        ]
    }

    /// Fails unless `json` is an object with exactly `expected` keys (in any order).
    static func expectKeys(_ json: JSONValue, _ expected: [String], _ what: String, _ context: CheckContext, _ exchange: Exchange) throws {
        guard let keys = json.keys else {
            throw CheckFinding.failure("\(what) answers \(json.typeName), not an object.", exchange: exchange)
        }
        let missing = expected.filter { !keys.contains($0) }
        let extra = keys.filter { !expected.contains($0) }
        try context.expect(
            missing.isEmpty,
            "\(what) lacks \(missing.map { "\"\($0)\"" }.joined(separator: ", "))\(extra.isEmpty ? "" : " and has \(extra.map { "\"\($0)\"" }.joined(separator: ", ")) instead").",
            exchange
        )
        if !extra.isEmpty {
            context.warn("\(what) has extra keys \(extra.map { "\"\($0)\"" }.joined(separator: ", ")) besides those the API defines.", exchange)
        }
    }
}
