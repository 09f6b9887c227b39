import Testing

@testable import BattleshipRules

@Suite("Shots, turns and winning")
struct GameTests {
    /// Seat one's fleet along the top rows, seat two's along the left columns.
    static let rowsFleet = try! Fleet(
        ships: Fleet.standardLengths.enumerated().map { row, length in
            ShipPlacement(length: length, origin: Coordinate(x: 0, y: row), orientation: .horizontal)
        })
    static let columnsFleet = try! Fleet(
        ships: Fleet.standardLengths.enumerated().map { column, length in
            ShipPlacement(length: length, origin: Coordinate(x: column, y: 0), orientation: .vertical)
        })

    @Test("a shot misses, hits, and sinks with the ship's length")
    func shotResolution() throws {
        var board = OceanBoard(fleet: Self.rowsFleet)
        #expect(try board.fire(at: Coordinate(x: 9, y: 9)) == .miss)
        #expect(try board.fire(at: Coordinate(x: 0, y: 4)) == .hit)
        #expect(try board.fire(at: Coordinate(x: 1, y: 4)) == .sunk(length: 2))
        #expect(board.remainingShipCells == 15)
        #expect(throws: RulesError.alreadyTargeted(Coordinate(x: 9, y: 9))) { try board.fire(at: Coordinate(x: 9, y: 9)) }
        #expect(throws: RulesError.offGrid(Coordinate(x: 10, y: 0))) { try board.fire(at: Coordinate(x: 10, y: 0)) }
    }

    @Test("the owner sees ships, the opponent only hits and misses")
    func boardViews() throws {
        var board = OceanBoard(fleet: Self.rowsFleet)
        try board.fire(at: Coordinate(x: 0, y: 0))
        try board.fire(at: Coordinate(x: 9, y: 0))
        #expect(board.ownerView[0] == .hit)
        #expect(board.ownerView[1] == .ship)
        #expect(board.ownerView[9] == .miss)
        #expect(board.opponentView[0] == .hit)
        #expect(board.opponentView[1] == CellState.none)
        #expect(board.opponentView[9] == .miss)
        #expect(board.ownerView.filter { $0 == .ship }.count == 16)
        #expect(!board.opponentView.contains(.ship))
    }

    @Test("turns alternate after hits and misses alike")
    func turnsAlternate() throws {
        var game = Game(fleetOne: Self.rowsFleet, fleetTwo: Self.columnsFleet)
        #expect(game.isTurn(of: .one) && !game.isTurn(of: .two))
        #expect(throws: RulesError.notYourTurn) { try game.fire(by: .two, at: Coordinate(x: 0, y: 0)) }
        try game.fire(by: .one, at: Coordinate(x: 0, y: 0))  // a hit
        #expect(game.isTurn(of: .two))
        try game.fire(by: .two, at: Coordinate(x: 9, y: 9))  // a miss
        #expect(game.isTurn(of: .one))
        #expect(game.shotCount == 2)
    }

    @Test("a repeated or off-grid shot changes nothing")
    func refusedShotChangesNothing() throws {
        var game = Game(fleetOne: Self.rowsFleet, fleetTwo: Self.columnsFleet)
        try game.fire(by: .one, at: Coordinate(x: 5, y: 5))
        try game.fire(by: .two, at: Coordinate(x: 5, y: 5))
        let before = game
        #expect(throws: RulesError.alreadyTargeted(Coordinate(x: 5, y: 5))) { try game.fire(by: .one, at: Coordinate(x: 5, y: 5)) }
        #expect(throws: RulesError.offGrid(Coordinate(x: -1, y: 5))) { try game.fire(by: .one, at: Coordinate(x: -1, y: 5)) }
        #expect(game == before)
    }

    @Test("sinking the last ship ends the game and nobody moves after")
    func sinkingTheLastShipWins() throws {
        var game = Game(fleetOne: Self.rowsFleet, fleetTwo: Self.columnsFleet)
        let targets = Self.columnsFleet.ships.flatMap(\.cells)
        var spare = Coordinate.all.filter { cell in !targets.contains(cell) }.makeIterator()
        var last: ShotResult = .miss
        for target in targets {
            #expect(game.winner == nil)
            last = try game.fire(by: .one, at: target)
            if !game.isOver, let miss = spare.next() { try game.fire(by: .two, at: miss) }
        }
        #expect(last == .sunk(length: 2))
        #expect(game.winner == .one)
        #expect(!game.isTurn(of: .one) && !game.isTurn(of: .two))
        #expect(throws: RulesError.gameOver) { try game.fire(by: .two, at: Coordinate(x: 9, y: 9)) }
        #expect(game.shotCount == 2 * 17 - 1)
    }
}
