/// One player's ocean: their fleet and the shots the opponent fired into it.
///
/// A value type; `fire(at:)` is the only way shots land, and it refuses a cell twice.
public struct OceanBoard: Hashable, Sendable {
    /// The fleet on this board.
    public let fleet: Fleet
    /// For each cell in row order, the index of the ship on it in `fleet.ships`, or -1.
    private var shipAtCell: [Int8]
    private var targeted: [Bool]
    private var hitsPerShip: [Int]
    /// The number of ship cells not hit yet.
    public private(set) var remainingShipCells: Int

    /// A board with `fleet` and no shots.
    public init(fleet: Fleet) {
        self.fleet = fleet
        var shipAtCell = [Int8](repeating: -1, count: Coordinate.cellCount)
        for (shipIndex, ship) in fleet.ships.enumerated() {
            for cell in ship.cells { shipAtCell[cell.index] = Int8(shipIndex) }
        }
        self.shipAtCell = shipAtCell
        targeted = [Bool](repeating: false, count: Coordinate.cellCount)
        hitsPerShip = [Int](repeating: 0, count: fleet.ships.count)
        remainingShipCells = fleet.cellCount
    }

    /// Whether every ship has been sunk.
    public var isDefeated: Bool { remainingShipCells == 0 }

    /// Whether a shot has already been fired at `cell`.
    public func wasTargeted(_ cell: Coordinate) -> Bool {
        cell.isOnGrid && targeted[cell.index]
    }

    /// Fires at `cell`: a miss, a hit, or a hit that sinks a ship (with its length).
    public mutating func fire(at cell: Coordinate) throws(RulesError) -> ShotResult {
        guard cell.isOnGrid else { throw .offGrid(cell) }
        let index = cell.index
        guard !targeted[index] else { throw .alreadyTargeted(cell) }
        targeted[index] = true
        let ship = Int(shipAtCell[index])
        guard ship >= 0 else { return .miss }
        hitsPerShip[ship] += 1
        remainingShipCells -= 1
        let length = fleet.ships[ship].length
        return hitsPerShip[ship] == length ? .sunk(length: length) : .hit
    }

    /// The board as its owner sees it: ships, hits and misses, in row order.
    public var ownerView: [CellState] {
        (0..<Coordinate.cellCount).map { index in
            switch (shipAtCell[index] >= 0, targeted[index]) {
            case (true, true): .hit
            case (true, false): .ship
            case (false, true): .miss
            case (false, false): .none
            }
        }
    }

    /// The board as the opponent sees it: only their hits and misses, never the ships.
    public var opponentView: [CellState] {
        (0..<Coordinate.cellCount).map { index in
            guard targeted[index] else { return .none }
            return shipAtCell[index] >= 0 ? .hit : .miss
        }
    }
}
