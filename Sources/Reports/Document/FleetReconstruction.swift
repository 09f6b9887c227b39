import BattleshipRules

/// Works out where a player's ships were, from what a game record keeps: the player's final
/// board (its ship cells, hit or not), its board seed, and the shots fired at it.
///
/// The board gives the cells but not the ships: ships may touch, so several splits of the
/// same cells into the fleet 5-4-3-3-2 can exist. The seeded fleet (`Fleet.seeded`, what
/// Salvo's server places for a `boardSeed`) is used when it covers exactly those cells, or,
/// without a board, when it agrees with every shot fired at the player (a foreign server
/// ignores the seed, and its fleet then contradicts some shot). Otherwise the ships are
/// given only when exactly one split of the cells exists.
public struct FleetReconstruction: Hashable, Sendable {
    /// The ship cells, in row order; nil when unknown.
    public var cells: [Coordinate]?
    /// The ships; nil when they cannot be told apart.
    public var ships: [ShipPlacement]?
    /// `seed` or `board` (see the type's summary); nil with `ships`.
    public var source: String?

    /// Reconstructs one player's fleet. `board` holds 100 cell states in row order;
    /// `shotsAtPlayer` are the opponent's shots with their hit flags.
    public init(board: [String]?, seed: UInt64?, shotsAtPlayer: [(cell: Coordinate, hit: Bool)], lengths: [Int] = Fleet.standardLengths) {
        let seeded = seed.map { Fleet.seeded($0, lengths: lengths) }
        if let board, board.count == Coordinate.cellCount {
            let cells = Coordinate.all.filter { board[$0.index] == "SHIP" || board[$0.index] == "HIT" }
            self.cells = cells
            if let seeded, Set(seeded.ships.flatMap(\.cells)) == Set(cells) {
                ships = seeded.ships
                source = "seed"
            } else if let only = Self.uniqueSplit(of: Set(cells), lengths: lengths) {
                ships = only
                source = "board"
            }
            return
        }
        if let seeded {
            let occupied = Set(seeded.ships.flatMap(\.cells))
            if shotsAtPlayer.allSatisfy({ occupied.contains($0.cell) == $0.hit }) {
                cells = occupied.sorted { $0.index < $1.index }
                ships = seeded.ships
                source = "seed"
            }
        }
    }

    /// The ships covering exactly `cells`, when there is exactly one way to place ships of
    /// `lengths` on them; nil when there is none or more than one.
    static func uniqueSplit(of cells: Set<Coordinate>, lengths: [Int]) -> [ShipPlacement]? {
        guard cells.count == lengths.reduce(0, +) else { return nil }
        var solutions: [[ShipPlacement]] = []
        var chosen: [ShipPlacement] = []
        var remaining = lengths.sorted(by: >)
        func search(_ uncovered: Set<Coordinate>) {
            guard solutions.count < 2 else { return }
            // The first uncovered cell in row order must be the top-left cell of its ship.
            guard let first = uncovered.min(by: { $0.index < $1.index }) else {
                solutions.append(chosen)
                return
            }
            var tried = Set<Int>()
            for (position, length) in remaining.enumerated() where tried.insert(length).inserted {
                for orientation in Orientation.allCases {
                    let ship = ShipPlacement(length: length, origin: first, orientation: orientation)
                    let covered = ship.cells
                    guard ship.isOnGrid, covered.allSatisfy(uncovered.contains) else { continue }
                    if length == 1 && orientation == .vertical { continue }
                    remaining.remove(at: position)
                    chosen.append(ship)
                    search(uncovered.subtracting(covered))
                    chosen.removeLast()
                    remaining.insert(length, at: position)
                }
            }
        }
        search(cells)
        return solutions.count == 1 ? solutions[0] : nil
    }
}
