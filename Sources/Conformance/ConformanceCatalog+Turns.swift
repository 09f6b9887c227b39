import BattleshipAPI
import BattleshipRules

/// Whose turn it is: before the join, the creator first, alternation, and guesses out of
/// turn refused without effect.
extension ConformanceCatalog {
    static var turnChecks: [ConformanceCheck] {
        [
            ConformanceCheck(
                "status.waiting", .required,
                "While a game waits for its second player, status answers {\"isYourTurn\": false, \"winner\": \"IN PROGRESS\"} (the reference answers so for any well-formed GUID)."
            ) { context in
                let game = try await context.createGame()
                let status = try await context.status(game, game.creator)
                try context.expect(!status.isYourTurn, "Before anyone joined, the creator is told it is its turn.", status.exchange)
                try context.expect(
                    status.winner == "IN PROGRESS", "Before anyone joined, winner is \"\(status.winner)\", not \"IN PROGRESS\".", status.exchange)
                let stranger = try await context.post(game.path + "/status", player(WireFormat.randomGUID()))
                if stranger.status == 400, stranger.errorMessage == ErrorMessage.playerNotInGame {
                    context.warn(
                        "While the game waits, status refuses a GUID that is not a player with \"\(ErrorMessage.playerNotInGame)\"; the reference answers {false, \"IN PROGRESS\"} for any GUID.",
                        stranger)
                } else {
                    let json = try context.expectSuccess(stranger, "Status of a waiting game for a GUID that is not a player")
                    try context.expect(
                        json["isYourTurn"]?.boolValue == false && json["winner"]?.stringValue == "IN PROGRESS",
                        "While the game waits, status for a GUID that is not a player is \(json.rendered), not {\"isYourTurn\": false, \"winner\": \"IN PROGRESS\"}.",
                        stranger)
                }
            },
            ConformanceCheck(
                "turn.creator-first", .required,
                "After the join the creator (player 1) moves first: isYourTurn is true for the creator, false for the joiner."
            ) { context in
                let game = try await context.startGame()
                let creator = try await context.status(game, game.creator)
                let joiner = try await context.status(game, game.second)
                try context.expect(
                    creator.isYourTurn, "After the join the creator is not told it is its turn (the creator moves first).", creator.exchange)
                try context.expect(!joiner.isYourTurn, "After the join the joiner is told it is its turn (the creator moves first).", joiner.exchange)
                try context.expect(
                    creator.winner == "IN PROGRESS" && joiner.winner == "IN PROGRESS",
                    "After the join winner is \"\(creator.winner)\", not \"IN PROGRESS\".", creator.exchange)
                let first = try await context.sendGuess(game, game.creator, Coordinate(x: 0, y: 0))
                try context.expectSuccess(first, "The creator's first guess")
            },
            ConformanceCheck("turn.alternates", .required, "Turns alternate after every accepted guess, hit or miss, for a whole game.") { context in
                _ = try await context.playToEnd(try await context.startGame(), observing: .turns)
            },
            ConformanceCheck(
                "guess.out-of-turn", .required,
                "A guess by the player whose turn it is not is refused with 400 \"\(ErrorMessage.notYourTurn)\": the joiner before the creator's first shot, the creator twice in a row."
            ) { context in
                let game = try await context.startGame()
                let early = try await context.sendGuess(game, game.second, Coordinate(x: 5, y: 5))
                try context.expectError(early, ErrorMessage.notYourTurn, "The joiner guessing before the creator's first shot")
                _ = try await context.guess(game, game.creator, Coordinate(x: 1, y: 1))
                let twice = try await context.sendGuess(game, game.creator, Coordinate(x: 2, y: 2))
                try context.expectError(twice, ErrorMessage.notYourTurn, "The creator guessing twice in a row")
            },
            ConformanceCheck(
                "guess.out-of-turn-not-applied", .required,
                "A guess refused as out of turn changes nothing: no mark on either board, missilesLaunched and the turn unchanged."
            ) { context in
                let game = try await context.startGame()
                _ = try await context.sendGuess(game, game.second, Coordinate(x: 5, y: 5))
                let creatorBoard = try await context.board(game, game.creator)
                try context.expect(
                    !creatorBoard.board.own.contains { $0 == "HIT" || $0 == "MISS" },
                    "After the joiner's out-of-turn guess at (5,5), the creator's playerBoard shows a shot.", creatorBoard.exchange)
                let joinerBoard = try await context.board(game, game.second)
                try context.expect(
                    joinerBoard.board.shots.allSatisfy { $0 == "NONE" },
                    "After the joiner's out-of-turn guess at (5,5), the joiner's opponentBoard shows a shot.", joinerBoard.exchange)
                let (json, exchange) = try await context.detail(game)
                try context.expect(
                    json["missilesLaunched"]?.intValue == 0,
                    "After a refused out-of-turn guess, missilesLaunched is \(json["missilesLaunched"]?.rendered ?? "missing"), not 0.", exchange)
                let status = try await context.status(game, game.creator)
                try context.expect(
                    status.isYourTurn, "After the joiner's out-of-turn guess, the creator is no longer told it is its turn.", status.exchange)
            },
        ]
    }
}
