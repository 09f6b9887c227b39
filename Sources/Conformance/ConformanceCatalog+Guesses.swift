import BattleshipAPI
import BattleshipRules
import Foundation

/// Guesses: hits and sunk lengths over a whole game, numeric strings as coordinates, and
/// the order in which a guess's faults are reported.
extension ConformanceCatalog {
    static var guessChecks: [ConformanceCheck] {
        [
            ConformanceCheck(
                "guess.hit-and-sunk", .required,
                "Over a whole game, hit is true exactly on ship cells, shipSunk is the length of the ship a shot sank (else 0), and the sunk lengths are 5, 4, 3, 3, 2."
            ) { context in
                let finished = try await context.playToEnd(try await context.startGame(), observing: .hits)
                try context.expect(
                    finished.creatorSinks.sorted(by: >) == Fleet.standardLengths,
                    "Sinking the whole fleet reported shipSunk \(finished.creatorSinks.map(String.init).joined(separator: ", ")); expected the lengths 5, 4, 3, 3, 2 once each.",
                    finished.lastShot
                )
            },
            ConformanceCheck(
                "guess.string-coordinates", .required,
                "Numeric strings are accepted as coordinates ({\"xPos\": \"3\", \"yPos\": \"7\"} fires at (3,7)), as the reference's parseInt reads them."
            ) { context in
                let game = try await context.startGame()
                let exchange = try await context.post(game.path + "/guess", player(game.creator.id) + [("xPos", "3"), ("yPos", "7")])
                try context.expectSuccess(exchange, "A guess with the coordinates \"3\" and \"7\"")
                let (board, boardExchange) = try await context.board(game, game.creator)
                try context.expect(
                    board.shots[73] != "NONE", "After a guess with xPos \"3\" and yPos \"7\", the creator's opponentBoard shows nothing at (3,7).",
                    boardExchange)
            },
            ConformanceCheck(
                "guess.validation-order", .required,
                "A guess with several faults reports the first in the reference's order: game exists, game is PLAYING, playerId is a GUID, player belongs, coordinates, turn."
            ) { context in
                let bad: [(String, JSONValue)] = [("xPos", 10), ("yPos", "abc")]
                let unknown = try await context.post("/api/games/\(WireFormat.randomGUID())/guess", [("playerId", "abc")] + bad)
                try context.expectError(unknown, ErrorMessage.unknownGame, "A guess in an unknown game with a bad playerId and bad coordinates")
                let waiting = try await context.createGame()
                let early = try await context.post(waiting.path + "/guess", [("playerId", "abc")] + bad)
                try context.expectError(early, ErrorMessage.notInPlay, "A guess in a WAITING game with a bad playerId and bad coordinates")
                let game = try await context.join(waiting)
                let badId = try await context.post(game.path + "/guess", [("playerId", "abc")] + bad)
                try expectPlayerIdError(badId, "A guess with a bad playerId and bad coordinates", context)
                let stranger = try await context.post(game.path + "/guess", player(WireFormat.randomGUID()) + bad)
                try context.expectError(stranger, ErrorMessage.playerNotInGame, "A guess by a GUID that is not a player, with bad coordinates")
                let outOfTurn = try await context.post(game.path + "/guess", player(game.second.id) + bad)
                try context.expectError(outOfTurn, ErrorMessage.invalidCoordinates, "A guess out of turn with bad coordinates")
            },
        ]
    }

    /// Fails unless the reply is 400 "Player id is not a valid GUID" as JSON; the
    /// reference's plain-text body is a warning.
    static func expectPlayerIdError(_ exchange: Exchange, _ what: String, _ context: CheckContext, numeric: Bool = false) throws {
        if numeric, exchange.status == 500 {
            context.warn(
                "\(what): a playerId sent as a number fails the server with a 500 instead of the 400 \"\(ErrorMessage.invalidPlayerId)\" (the reference server's bug: its GUID test throws on a non-string).",
                exchange)
            return
        }
        let text = exchange.responseBody.trimmingCharacters(in: .whitespacesAndNewlines)
        if exchange.status == 400, exchange.json == nil, text == ErrorMessage.invalidPlayerId {
            context.warn(
                "\(what): the error \"\(ErrorMessage.invalidPlayerId)\" comes as plain text, not JSON {\"message\": …} (the reference server's bug).",
                exchange)
            return
        }
        try context.expectError(exchange, ErrorMessage.invalidPlayerId, what)
    }
}
