import BattleshipRules

/// Plays a whole game through the API without knowing the server: each player's own
/// board shows where its ships are, so the creator fires at the joiner's ship cells (after
/// one miss) and the joiner at the creator's (after one miss), and the creator sinks the
/// last ship on its 18th shot, one cell before the joiner would. Never fires at a cell twice.
extension CheckContext {
    /// Plays `game` (started, nobody has fired) to the end, verifying what `observing` asks.
    public func playToEnd(_ game: StartedGame, observing: PlayObservation = []) async throws -> FinishedGame {
        guard let joiner = game.joiner else { throw CheckFinding.failure("The game was not joined.") }
        let creator = game.creator
        var creatorView = try await board(game, creator)
        var joinerView = try await board(game, joiner)
        let creatorShips = try shipCells(creatorView.board, creatorView.exchange)
        let joinerShips = try shipCells(joinerView.board, joinerView.exchange)
        // Creator: one miss, then all 17 of the joiner's ship cells. Joiner: one miss, then 16 of the creator's.
        let creatorPlan = [Self.firstOpenCell(joinerShips)] + joinerShips.sorted { $0.index < $1.index }
        let joinerPlan = Array(([Self.firstOpenCell(creatorShips)] + creatorShips.sorted { $0.index < $1.index }).prefix(creatorPlan.count - 1))
        var layouts = [creator.id: FleetLayouts(shipCells: creatorShips), joiner.id: FleetLayouts(shipCells: joinerShips)]
        var hitsOn: [String: Set<Coordinate>] = [creator.id: [], joiner.id: []]
        let shipsOf = [creator.id: creatorShips, joiner.id: joinerShips]
        var creatorSinks: [Int] = []
        var shotCount = 0
        var lastShot: Exchange?

        for round in 0..<creatorPlan.count {
            for (shooter, target, plan) in [(creator, joiner, creatorPlan), (joiner, creator, joinerPlan)] where round < plan.count {
                let cell = plan[round]
                let isFinal = shooter == creator && round == creatorPlan.count - 1
                let result = try await guess(game, shooter, cell)
                shotCount += 1
                lastShot = result.exchange
                let wasShip = shipsOf[target.id, default: []].contains(cell)
                if wasShip { hitsOn[target.id, default: []].insert(cell) }
                if shooter == creator, result.shipSunk > 0 { creatorSinks.append(result.shipSunk) }

                if observing.contains(.hits) {
                    try expect(
                        result.hit == wasShip,
                        "\(Self.who(shooter, game))'s guess at \(cell) answered hit: \(result.hit), but the target's own board shows \(wasShip ? "a ship" : "open water") there.",
                        result.exchange
                    )
                    if let expected = layouts[target.id]?.record(shotAt: cell, hits: hitsOn[target.id, default: []], reportedSunk: result.shipSunk) {
                        throw CheckFinding.failure(
                            "\(Self.who(shooter, game))'s guess at \(cell) answered shipSunk: \(result.shipSunk); no arrangement of the fleet 5-4-3-3-2 on the target's board gives that (expected \(expected)).",
                            exchange: result.exchange
                        )
                    }
                }
                if observing.contains(.boards) {
                    let shooterAfter = try await board(game, shooter)
                    let targetAfter = try await board(game, target)
                    let (shooterBefore, targetBefore) = shooter == creator ? (creatorView, joinerView) : (joinerView, creatorView)
                    let mark = wasShip ? "HIT" : "MISS"
                    try expectOneChange(
                        shooterBefore.board.shots, shooterAfter.board.shots, at: cell, to: mark,
                        "\(Self.who(shooter, game))'s opponentBoard after its guess at \(cell)", shooterAfter.exchange)
                    try expectOneChange(
                        shooterBefore.board.own, shooterAfter.board.own, at: nil, to: mark,
                        "\(Self.who(shooter, game))'s playerBoard after its own guess", shooterAfter.exchange)
                    try expectOneChange(
                        targetBefore.board.own, targetAfter.board.own, at: cell, to: mark,
                        "\(Self.who(target, game))'s playerBoard after the guess at \(cell)", targetAfter.exchange)
                    try expectOneChange(
                        targetBefore.board.shots, targetAfter.board.shots, at: nil, to: mark,
                        "\(Self.who(target, game))'s opponentBoard after the other player's guess", targetAfter.exchange)
                    if shooter == creator {
                        (creatorView, joinerView) = (shooterAfter, targetAfter)
                    } else {
                        (joinerView, creatorView) = (shooterAfter, targetAfter)
                    }
                }
                if observing.contains(.turns), !isFinal {
                    let shooterStatus = try await status(game, shooter)
                    try expect(
                        !shooterStatus.isYourTurn,
                        "After \(Self.who(shooter, game))'s guess at \(cell) (hit: \(result.hit)), it is told it is still its turn.",
                        shooterStatus.exchange)
                    let targetStatus = try await status(game, target)
                    try expect(
                        targetStatus.isYourTurn,
                        "After \(Self.who(shooter, game))'s guess at \(cell) (hit: \(result.hit)), the other player is not told it is its turn.",
                        targetStatus.exchange)
                    try expect(
                        targetStatus.winner == "IN PROGRESS", "With ships still afloat, winner is \"\(targetStatus.winner)\", not \"IN PROGRESS\".",
                        targetStatus.exchange)
                }
            }
        }
        return FinishedGame(
            game: game, winner: creator, loser: joiner, shotCount: shotCount,
            creatorShips: creatorShips, joinerShips: joinerShips, creatorSinks: creatorSinks,
            lastShot: lastShot ?? creatorView.exchange
        )
    }

    /// A player's ship cells, failing unless they are 17 cells the fleet 5-4-3-3-2 can cover.
    func shipCells(_ board: BoardReply, _ exchange: Exchange) throws -> Set<Coordinate> {
        let cells = board.ownShipCells
        try expect(cells.count == 17, "A player's own board shows \(cells.count) ship cells (SHIP or HIT); the fleet 5-4-3-3-2 has 17.", exchange)
        try expect(
            FleetLayouts(shipCells: cells).isPossible, "A player's 17 ship cells cannot be split into straight ships of lengths 5, 4, 3, 3 and 2.",
            exchange)
        return cells
    }

    /// Fails unless `after` equals `before` except at `cell` (if any), which reads `mark`.
    func expectOneChange(_ before: [String], _ after: [String], at cell: Coordinate?, to mark: String, _ what: String, _ exchange: Exchange) throws {
        for index in before.indices where index != cell?.index && before[index] != after[index] {
            let place = Coordinate(index: index).map(\.description) ?? "\(index)"
            throw CheckFinding.failure(
                "\(what): cell \(place) changed from \(before[index]) to \(after[index]), though nobody fired there.", exchange: exchange)
        }
        if let cell {
            try expect(after[cell.index] == mark, "\(what): the cell reads \(after[cell.index]), expected \(mark).", exchange)
        }
    }

    /// The first cell in row order that holds no ship.
    static func firstOpenCell(_ ships: Set<Coordinate>) -> Coordinate {
        Coordinate.all.first { !ships.contains($0) } ?? Coordinate(x: 0, y: 0)
    }

    /// "The creator" or "The joiner".
    static func who(_ player: StartedGame.Player, _ game: StartedGame) -> String {
        player == game.creator ? "The creator" : "The joiner"
    }
}
