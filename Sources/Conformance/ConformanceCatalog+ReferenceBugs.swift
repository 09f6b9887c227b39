import BattleshipAPI
import BattleshipRules
import CurlHTTP

/// Where the reference server was buggy: repeated shots, concurrent guesses, unknown
/// routes. Behaving like the reference is a warning; any other deviation a failure.
extension ConformanceCatalog {
    static var referenceBugChecks: [ConformanceCheck] {
        [
            ConformanceCheck(
                "routes.unknown", .referenceBug, "An unknown route answers 404 with a JSON body (the reference answers with an HTML page)."
            ) { context in
                for (method, path) in [(HTTPMethod.get, "/api/no-such-route"), (.post, "/api/games/\(WireFormat.randomGUID())/no-such-action")] {
                    let exchange = try await context.send(
                        method, path, method == .post ? .json([("playerId", .string(WireFormat.randomGUID()))]) : .none)
                    try context.expect(exchange.status == 404, "\(exchange.requestLine) answered \(exchange.status ?? 0), not 404.", exchange)
                    if exchange.json == nil {
                        context.warn("\(exchange.requestLine) answers 404 with a body that is not JSON (the reference server's HTML page).", exchange)
                    }
                }
            },
            ConformanceCheck(
                "guess.repeat-miss", .referenceBug,
                "A second guess at a cell that was a miss is refused with a 400 and the turn is kept (the reference accepts it and the turn is wasted)."
            ) { context in
                let game = try await context.startGame()
                let joinerView = try await context.board(game, game.second)
                let water = CheckContext.firstOpenCell(try context.shipCells(joinerView.board, joinerView.exchange))
                _ = try await context.guess(game, game.creator, water)
                _ = try await context.guess(game, game.second, Coordinate(x: 0, y: 0))
                let again = try await context.sendGuess(game, game.creator, water)
                if again.status == 200 {
                    try context.expect(
                        again.json?["hit"]?.boolValue == false && again.json?["shipSunk"]?.intValue == 0,
                        "A second guess at the miss \(water) answered \(again.responseBody), not a refusal or a repeated miss.", again)
                    let status = try await context.status(game, game.second)
                    try context.expect(
                        status.isYourTurn, "A second guess at the miss \(water) was accepted but the turn did not pass.", status.exchange)
                    context.warn(
                        "A second guess at a miss is accepted and wastes the turn (the reference server's behaviour); a 400 refusal is better.", again
                    )
                } else {
                    try context.expect(
                        again.status == 400 && again.errorMessage != nil,
                        "A second guess at the miss \(water) answered \(again.status ?? 0), not a 400 with a JSON message.", again)
                    let status = try await context.status(game, game.creator)
                    try context.expect(
                        status.isYourTurn, "After its repeated guess was refused the creator is no longer told it is its turn.", status.exchange)
                }
            },
            ConformanceCheck(
                "guess.repeat-hit", .referenceBug,
                "A second guess at a cell that was a hit is refused with a 400 and the game goes on (the reference answers 418 \"I am a teapot\" and ends the game)."
            ) { context in
                let game = try await context.startGame()
                let joinerView = try await context.board(game, game.second)
                let ships = try context.shipCells(joinerView.board, joinerView.exchange)
                let creatorView = try await context.board(game, game.creator)
                let water = CheckContext.firstOpenCell(try context.shipCells(creatorView.board, creatorView.exchange))
                // Every ship is at least 2 long, so one hit never sinks it.
                let target = ships.sorted { $0.index < $1.index }[0]
                let first = try await context.guess(game, game.creator, target)
                try context.expect(
                    first.hit && first.shipSunk == 0,
                    "The creator's guess at the ship cell \(target) answered \(first.exchange.responseBody), not a hit that sinks nothing.",
                    first.exchange)
                _ = try await context.guess(game, game.second, water)
                let again = try await context.sendGuess(game, game.creator, target)
                switch again.status {
                case 418:
                    context.warn("A second guess at a hit answers 418 (the reference server's teapot bug, which also ends the game).", again)
                case 200:
                    try context.expect(
                        again.json?["shipSunk"]?.intValue == 0,
                        "A second guess at the hit \(target) answered \(again.responseBody): it counted the same cell twice.", again)
                    let (json, exchange) = try await context.detail(game)
                    try context.expect(
                        json["winner"]?.stringValue == "IN PROGRESS",
                        "A second guess at a hit ended the game (winner \(json["winner"]?.rendered ?? "missing")).", exchange)
                    context.warn("A second guess at a hit is accepted as a wasted turn; a 400 refusal is better.", again)
                default:
                    try context.expect(
                        again.status == 400 && again.errorMessage != nil,
                        "A second guess at the hit \(target) answered \(again.status ?? 0), not a 400 with a JSON message.", again)
                    let (json, exchange) = try await context.detail(game)
                    try context.expect(
                        json["winner"]?.stringValue == "IN PROGRESS",
                        "A refused second guess at a hit ended the game (winner \(json["winner"]?.rendered ?? "missing")).", exchange)
                    let status = try await context.status(game, game.creator)
                    try context.expect(
                        status.isYourTurn, "After its repeated guess was refused the creator is no longer told it is its turn.", status.exchange)
                }
            },
            ConformanceCheck(
                "guess.concurrent", .referenceBug,
                "Of several guesses sent at once by the player whose turn it is, exactly one is accepted (the reference has no locking and may apply several)."
            ) { context in
                let game = try await context.startGame()
                let cells = (0..<8).map { Coordinate(x: $0, y: 9) }
                let replies = try await withThrowingTaskGroup(of: Exchange.self) { group in
                    for cell in cells {
                        group.addTask { try await context.sendGuess(game, game.creator, cell) }
                    }
                    return try await group.reduce(into: [Exchange]()) { $0.append($1) }
                }
                let accepted = replies.filter { $0.status == 200 }
                try context.expect(!accepted.isEmpty, "None of 8 concurrent guesses by the creator was accepted.", replies.first)
                for refused in replies where refused.status != 200 {
                    try context.expectError(refused, ErrorMessage.notYourTurn, "A concurrent guess that lost the race")
                }
                if accepted.count > 1 {
                    context.warn(
                        "\(accepted.count) of 8 concurrent guesses by one player were all accepted (the reference server's missing locking).",
                        accepted[1])
                } else {
                    let (json, exchange) = try await context.detail(game)
                    try context.expect(
                        json["missilesLaunched"]?.intValue == 1,
                        "One of 8 concurrent guesses was accepted but missilesLaunched is \(json["missilesLaunched"]?.rendered ?? "missing").",
                        exchange)
                }
            },
        ]
    }
}
