import BattleshipAPI
import BattleshipRules

/// Board contents: the fleet at the start, the opponent's ships never shown, exactly the
/// fired cell changing with each shot.
extension ConformanceCatalog {
    static var boardChecks: [ConformanceCheck] {
        [
            ConformanceCheck(
                "board.initial", .required,
                "After the join each playerBoard holds the fleet 5-4-3-3-2 as 17 SHIP cells in straight lines, the rest NONE, and each opponentBoard is all NONE."
            ) { context in
                let game = try await context.startGame()
                for player in [game.creator, game.second] {
                    let (board, exchange) = try await context.board(game, player)
                    let who = CheckContext.who(player, game)
                    let odd = board.own.enumerated().first { $0.element != "SHIP" && $0.element != "NONE" }
                    try context.expect(
                        odd == nil,
                        "\(who)'s playerBoard before any shot reads \(odd?.element ?? "") at \(Coordinate(index: odd?.offset ?? 0)?.description ?? ""); expected only SHIP and NONE.",
                        exchange)
                    _ = try context.shipCells(board, exchange)
                    if let index = board.shots.firstIndex(where: { $0 != "NONE" }) {
                        throw CheckFinding.failure(
                            "\(who)'s opponentBoard before any shot reads \(board.shots[index]) at \(Coordinate(index: index)?.description ?? ""); expected all NONE\(board.shots[index] == "SHIP" ? " (it reveals the opponent's ships)" : "").",
                            exchange: exchange
                        )
                    }
                }
            },
            ConformanceCheck(
                "board.hides-opponent-ships", .required,
                "opponentBoard never shows the opponent's ships: NONE everywhere except HIT or MISS on the cells the player fired at."
            ) { context in
                let game = try await context.startGame()
                let creatorView = try await context.board(game, game.creator)
                let creatorShips = try context.shipCells(creatorView.board, creatorView.exchange)
                let joinerView = try await context.board(game, game.second)
                let joinerShips = try context.shipCells(joinerView.board, joinerView.exchange)
                var fired = [game.creator.id: Set<Coordinate>(), game.second.id: Set<Coordinate>()]
                try await expectHonestOpponentBoards(game, fired, context)
                // The creator fires at two of the joiner's ship cells, the joiner once at water and once at a ship.
                let joinerTargets = joinerShips.sorted { $0.index < $1.index }
                let creatorTargets = [CheckContext.firstOpenCell(creatorShips), creatorShips.sorted { $0.index < $1.index }[0]]
                for round in 0..<2 {
                    _ = try await context.guess(game, game.creator, joinerTargets[round])
                    fired[game.creator.id, default: []].insert(joinerTargets[round])
                    _ = try await context.guess(game, game.second, creatorTargets[round])
                    fired[game.second.id, default: []].insert(creatorTargets[round])
                    try await expectHonestOpponentBoards(game, fired, context)
                }
            },
            ConformanceCheck(
                "board.after-shots", .required,
                "Each accepted guess changes exactly one cell of each board: HIT or MISS on the shooter's opponentBoard and the target's playerBoard, for a whole game."
            ) { context in
                _ = try await context.playToEnd(try await context.startGame(), observing: .boards)
            },
        ]
    }

    /// Fails unless both players' opponentBoards show only their own shots.
    static func expectHonestOpponentBoards(_ game: StartedGame, _ fired: [String: Set<Coordinate>], _ context: CheckContext) async throws {
        for player in [game.creator, game.second] {
            let (board, exchange) = try await context.board(game, player)
            let who = CheckContext.who(player, game)
            if let leak = board.shots.firstIndex(of: "SHIP") {
                let count = board.shots.filter { $0 == "SHIP" }.count
                throw CheckFinding.failure(
                    "\(who)'s opponentBoard shows SHIP at \(Coordinate(index: leak)?.description ?? "") (\(count) cells): it reveals the opponent's ships.",
                    exchange: exchange
                )
            }
            for (index, status) in board.shots.enumerated() {
                guard let cell = Coordinate(index: index) else { continue }
                let shot = fired[player.id, default: []].contains(cell)
                try context.expect(
                    shot ? (status == "HIT" || status == "MISS") : status == "NONE",
                    "\(who)'s opponentBoard reads \(status) at \(cell), where it \(shot ? "fired" : "never fired"); expected \(shot ? "HIT or MISS" : "NONE").",
                    exchange
                )
            }
        }
    }
}
