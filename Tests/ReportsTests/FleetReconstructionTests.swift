import BattleshipRules
import Reports
import Testing

@Suite("Fleet reconstruction")
struct FleetReconstructionTests {
    static func board(_ ships: [ShipPlacement]) -> [String] {
        let cells = Set(ships.flatMap(\.cells))
        return Coordinate.all.map { cells.contains($0) ? "SHIP" : "NONE" }
    }

    @Test("the seeded fleet is used when it covers exactly the board's ship cells")
    func seededFleet() {
        let fleet = Fleet.seeded(42)
        let result = FleetReconstruction(board: Self.board(fleet.ships), seed: 42, shotsAtPlayer: [])
        #expect(result.ships == fleet.ships && result.source == "seed" && result.cells?.count == 17)
    }

    @Test("a board that splits only one way gives its ships; one that splits two ways gives cells only")
    func splits() {
        // Five ships in separate rows: only one split.
        let apart = [5, 4, 3, 3, 2].enumerated().map { ShipPlacement(length: $1, origin: Coordinate(x: 0, y: $0 * 2), orientation: .horizontal) }
        let one = FleetReconstruction(board: Self.board(apart), seed: 99, shotsAtPlayer: [])
        #expect(one.source == "board" && Set(one.ships ?? []) == Set(apart))
        // A 3 and a 2 end to end right under the 5: either row of five cells can be the 5.
        let ambiguous = [
            ShipPlacement(length: 5, origin: Coordinate(x: 0, y: 0), orientation: .horizontal),
            ShipPlacement(length: 3, origin: Coordinate(x: 0, y: 1), orientation: .horizontal),
            ShipPlacement(length: 2, origin: Coordinate(x: 3, y: 1), orientation: .horizontal),
            ShipPlacement(length: 4, origin: Coordinate(x: 0, y: 5), orientation: .horizontal),
            ShipPlacement(length: 3, origin: Coordinate(x: 0, y: 7), orientation: .horizontal),
        ]
        let two = FleetReconstruction(board: Self.board(ambiguous), seed: nil, shotsAtPlayer: [])
        #expect(two.cells?.count == 17 && two.ships == nil && two.source == nil)
    }

    @Test("without a board, the seeded fleet is kept only if every shot at it agrees")
    func seedChecks() {
        let fleet = Fleet.seeded(7)
        let ship = fleet.ships[0].cells[0]
        let water = Coordinate.all.first { cell in !fleet.ships.contains { $0.cells.contains(cell) } }!
        let agreeing = FleetReconstruction(board: nil, seed: 7, shotsAtPlayer: [(ship, true), (water, false)])
        #expect(agreeing.ships == fleet.ships && agreeing.source == "seed")
        let contradicted = FleetReconstruction(board: nil, seed: 7, shotsAtPlayer: [(water, true)])
        #expect(contradicted.ships == nil && contradicted.cells == nil)
    }
}
