/// A player's ships: by default the standard fleet of lengths 5, 4, 3, 3 and 2.
///
/// Ships may touch but never overlap, and every ship lies wholly on the grid.
///
/// ```swift
/// var rng = SeededGenerator(seed: 42)
/// let fleet = Fleet.random(using: &rng)   // the same fleet for seed 42 on every machine
/// ```
public struct Fleet: Hashable, Sendable, Codable {
    /// The lengths of the standard fleet, in placement order.
    public static let standardLengths = [5, 4, 3, 3, 2]

    /// The ships, in placement order.
    public private(set) var ships: [ShipPlacement]

    /// Makes a fleet of the given ships, checking that they fit the grid and do not overlap.
    public init(ships: [ShipPlacement]) throws(RulesError) {
        var occupied = Set<Coordinate>()
        for ship in ships {
            guard ship.isOnGrid else { throw .shipOffGrid(ship) }
            for cell in ship.cells where !occupied.insert(cell).inserted {
                throw .shipsOverlap(cell)
            }
        }
        self.ships = ships
    }

    /// A player's own placement of the standard fleet: exactly the lengths 5, 4, 3, 3 and 2 in
    /// any order, on the grid, none overlapping.
    public init(standard ships: [ShipPlacement]) throws(RulesError) {
        guard ships.map(\.length).sorted() == Self.standardLengths.sorted() else { throw .wrongShipLengths(ships.map(\.length)) }
        try self.init(ships: ships)
    }

    /// The lengths of the ships, in placement order.
    public var lengths: [Int] { ships.map(\.length) }

    /// The total number of cells covered by ships (17 for the standard fleet).
    public var cellCount: Int { ships.reduce(0) { $0 + $1.length } }

    /// Places ships of the given lengths at random, each uniformly among the positions
    /// still free, so that every valid arrangement can occur (the last row and column
    /// included). The result depends only on the generator's state, the same on every machine.
    public static func random(
        lengths: [Int] = Fleet.standardLengths,
        using generator: inout some RandomNumberGenerator
    ) -> Fleet {
        var occupied = [Bool](repeating: false, count: Coordinate.cellCount)
        var ships: [ShipPlacement] = []
        ships.reserveCapacity(lengths.count)
        for length in lengths {
            while true {
                let orientation: Orientation = generator.uniform(below: 2) == 0 ? .horizontal : .vertical
                let span = Coordinate.gridSize - length + 1
                let origin =
                    orientation == .horizontal
                    ? Coordinate(x: generator.uniform(below: span), y: generator.uniform(below: Coordinate.gridSize))
                    : Coordinate(x: generator.uniform(below: Coordinate.gridSize), y: generator.uniform(below: span))
                let ship = ShipPlacement(length: length, origin: origin, orientation: orientation)
                let cells = ship.cells
                guard !cells.contains(where: { occupied[$0.index] }) else { continue }
                for cell in cells { occupied[cell.index] = true }
                ships.append(ship)
                break
            }
        }
        // Each ship was checked against the grid and the ships before it.
        return Fleet(unchecked: ships)
    }

    /// The fleet derived from a seed: `Fleet.random(using: SeededGenerator(seed: seed))`.
    public static func seeded(_ seed: UInt64, lengths: [Int] = Fleet.standardLengths) -> Fleet {
        var generator = SeededGenerator(seed: seed)
        return random(lengths: lengths, using: &generator)
    }

    private init(unchecked ships: [ShipPlacement]) {
        self.ships = ships
    }
}
