import BattleshipAPI
import BattleshipRules

/// The end of a game: the winner's name, nobody told to move, no more guesses or joins,
/// boards still readable.
extension ConformanceCatalog {
    static var endgameChecks: [ConformanceCheck] {
        [
            ConformanceCheck(
                "status.winner-name", .required,
                "When the last ship sinks, winner becomes the winner's name (not its id) in both players' status and in GET /api/games/:id."
            ) { context in
                let finished = try await context.playToEnd(try await context.startGame())
                let game = finished.game
                for player in [finished.winner, finished.loser] {
                    let status = try await context.status(game, player)
                    try expectWinner(status.winner, finished, "\(CheckContext.who(player, game))'s status", context, status.exchange)
                }
                let (json, exchange) = try await context.detail(game)
                try expectWinner(
                    json["winner"]?.stringValue ?? json["winner"]?.rendered ?? "missing", finished, "GET /api/games/:id", context, exchange)
            },
            ConformanceCheck(
                "status.winner-before-turn", .referenceBug,
                "After the end nobody is told isYourTurn: true (the reference tells the loser so; clients must read winner first)."
            ) { context in
                let finished = try await context.playToEnd(try await context.startGame())
                let winner = try await context.status(finished.game, finished.winner)
                try context.expect(!winner.isYourTurn, "After the game ended the winner is told isYourTurn: true.", winner.exchange)
                let loser = try await context.status(finished.game, finished.loser)
                try context.expect(
                    loser.winner == finished.winner.name,
                    "After the game ended the loser's status has winner \"\(loser.winner)\", not \"\(finished.winner.name)\".", loser.exchange)
                if loser.isYourTurn {
                    context.warn(
                        "After the game ended the loser is told isYourTurn: true together with the winner's name (the reference server's bug).",
                        loser.exchange)
                }
            },
            ConformanceCheck(
                "endgame.refuses-moves", .required,
                "In a DONE game a guess by either player is refused with 400 \"\(ErrorMessage.notInPlay)\", and a join with \"\(ErrorMessage.cannotJoin)\"."
            ) { context in
                let finished = try await context.playToEnd(try await context.startGame())
                let open = CheckContext.firstOpenCell(finished.creatorShips.union(finished.joinerShips))
                let spare =
                    Coordinate.all.first {
                        $0 != open && !finished.creatorShips.contains($0) && !finished.joinerShips.contains($0) && $0.index > open.index
                    } ?? open
                for (player, cell) in [(finished.loser, spare), (finished.winner, spare)] {
                    let exchange = try await context.sendGuess(finished.game, player, cell)
                    try context.expectError(exchange, ErrorMessage.notInPlay, "\(CheckContext.who(player, finished.game)) guessing after the end")
                }
                let join = try await context.post(finished.game.path + "/join", [("playerName", "latecomer")])
                try context.expectError(join, ErrorMessage.cannotJoin, "Joining a DONE game")
                let (json, exchange) = try await context.detail(finished.game)
                try context.expect(
                    json["missilesLaunched"]?.intValue == finished.shotCount,
                    "After refused guesses in a DONE game missilesLaunched is \(json["missilesLaunched"]?.rendered ?? "missing"), not the \(finished.shotCount) guesses played.",
                    exchange)
            },
            ConformanceCheck(
                "board.after-end", .required,
                "After the end both players can still read /board: each sees its own ships with the hits taken, and never the opponent's ships."
            ) { context in
                let finished = try await context.playToEnd(try await context.startGame())
                for (player, ships) in [(finished.winner, finished.creatorShips), (finished.loser, finished.joinerShips)] {
                    let (board, exchange) = try await context.board(finished.game, player)
                    let who = CheckContext.who(player, finished.game)
                    try context.expect(
                        board.ownShipCells == ships, "After the end \(who)'s playerBoard shows ships on other cells than at the start.", exchange)
                    try context.expect(
                        !board.shots.contains("SHIP"), "After the end \(who)'s opponentBoard shows SHIP: it reveals the opponent's ships.", exchange)
                }
                let (loserBoard, exchange) = try await context.board(finished.game, finished.loser)
                try context.expect(
                    !loserBoard.own.contains("SHIP"),
                    "After the end the loser's playerBoard still shows an unhit SHIP cell though the whole fleet sank.", exchange)
            },
        ]
    }

    /// Fails unless `winner` is the winner's name, saying what it is instead.
    static func expectWinner(_ winner: String, _ finished: FinishedGame, _ what: String, _ context: CheckContext, _ exchange: Exchange) throws {
        let name = finished.winner.name
        guard winner != name else { return }
        let explanation: String
        switch winner {
        case finished.winner.id: explanation = "the winner's playerId, not its name \"\(name)\""
        case "IN PROGRESS": explanation = "\"IN PROGRESS\" though the last ship sank"
        case finished.loser.name: explanation = "the loser's name, not the winner's \"\(name)\""
        default: explanation = "\"\(winner)\", not the winner's name \"\(name)\""
        }
        throw CheckFinding.failure("\(what): winner is \(explanation).", exchange: exchange)
    }
}
