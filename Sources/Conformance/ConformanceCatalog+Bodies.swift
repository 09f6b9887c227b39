import BattleshipAPI

/// Request bodies: form-encoded as well as JSON, malformed JSON, bodies the reference
/// does not read.
extension ConformanceCatalog {
    static var bodyChecks: [ConformanceCheck] {
        [
            ConformanceCheck(
                "body.form-encoded", .required, "Every POST accepts a form-encoded body (application/x-www-form-urlencoded) as well as JSON."
            ) { context in
                let created = try await context.send(.post, "/api/games", .form([("gameName", "form game"), ("playerName", "form ann")]))
                let json = try context.expectSuccess(created, "Creating a game with a form body")
                guard let gameId = json["gameId"]?.stringValue, let creatorId = json["playerId"]?.stringValue else {
                    throw CheckFinding.failure("Creating a game with a form body: the reply lacks \"gameId\" or \"playerId\".", exchange: created)
                }
                let path = "/api/games/\(gameId)"
                let joined = try await context.send(.post, path + "/join", .form([("playerName", "form bob")]))
                try context.expectSuccess(joined, "Joining with a form body")
                let status = try await context.send(.post, path + "/status", .form([("playerId", creatorId)]))
                let turn = try context.expectSuccess(status, "POST /status with a form body")
                try context.expect(
                    turn["isYourTurn"]?.boolValue == true, "POST /status with a form body does not tell the creator it is its turn.", status)
                let guess = try await context.send(.post, path + "/guess", .form([("playerId", creatorId), ("xPos", "4"), ("yPos", "6")]))
                let shot = try context.expectSuccess(guess, "POST /guess with a form body")
                try context.expect(shot["hit"]?.boolValue != nil, "POST /guess with a form body does not answer {\"hit\", \"shipSunk\"}.", guess)
                let board = try await context.send(.post, path + "/board", .form([("playerId", creatorId)]))
                let view = try context.expectSuccess(board, "POST /board with a form body")
                let shots = try? BoardReply.parse(view).shots
                try context.expect(
                    shots.map { $0[64] == "HIT" || $0[64] == "MISS" } == true,
                    "After a form-encoded guess at (4,6), the creator's opponentBoard does not show it.", board)
            },
            ConformanceCheck("body.malformed-json", .required, "A malformed JSON body is refused with a 4xx, and the server goes on answering.") {
                context in
                for text in [#"{"gameName": "broken", "playerName": "#, "{not json}", #"["gameName"]"#] {
                    let exchange = try await context.send(.post, "/api/games", .raw(contentType: "application/json", text: text))
                    try context.expect(
                        (400..<500).contains(exchange.status ?? 0),
                        "POST /api/games with the body \(text) answered \(exchange.status ?? 0), not a 4xx refusal.", exchange)
                }
                let game = try await context.startGame()
                let exchange = try await context.send(.post, game.path + "/guess", .raw(contentType: "application/json", text: #"{"playerId": ""#))
                try context.expect(
                    (400..<500).contains(exchange.status ?? 0),
                    "POST /guess with a truncated JSON body answered \(exchange.status ?? 0), not a 4xx refusal.", exchange)
                let after = try await context.get("/api/games")
                try context.expectSuccess(after, "GET /api/games after malformed bodies")
            },
            ConformanceCheck(
                "body.unread-content-type", .advisory,
                "A body without a Content-Type, or with text/plain, is not read (the reference ignores it): creating a game that way is refused with \"\(ErrorMessage.namesNotAlphanumeric)\"."
            ) { context in
                let body = #"{"gameName":"typeless","playerName":"ann"}"#
                for contentType in [nil, "text/plain"] as [String?] {
                    let exchange = try await context.send(.post, "/api/games", .raw(contentType: contentType, text: body))
                    let label = contentType.map { "Content-Type \($0)" } ?? "no Content-Type"
                    try context.expect(
                        (exchange.status ?? 0) < 500, "POST /api/games with a JSON body and \(label) answered \(exchange.status ?? 0).", exchange)
                    if exchange.status == 200 {
                        context.warn(
                            "POST /api/games read a JSON body sent with \(label) and created a game; the reference reads only JSON and form bodies.",
                            exchange)
                    } else if exchange.status != 400 || exchange.errorMessage != ErrorMessage.namesNotAlphanumeric {
                        context.warn(
                            "POST /api/games with \(label) answered \(exchange.status ?? 0)\(CheckContext.quotedMessage(exchange)); the reference answers 400 \"\(ErrorMessage.namesNotAlphanumeric)\".",
                            exchange)
                    }
                }
            },
        ]
    }
}
