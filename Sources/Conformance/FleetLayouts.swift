import BattleshipRules

/// Every way the standard fleet (5, 4, 3, 3, 2) can be laid in straight lines over a set of
/// ship cells, narrowed shot by shot by what the server says sank.
///
/// A foreign server shows a player's ship cells but not where one ship ends and the next
/// begins (ships may touch), so a sunk report is checked against every arrangement that
/// the board allows; it is wrong when no arrangement explains it.
///
/// ```swift
/// var layouts = FleetLayouts(shipCells: board.ownShipCells)
/// let expected = layouts.record(shotAt: cell, hits: hitCells, reportedSunk: 3)  // nil: explained
/// ```
public struct FleetLayouts: Sendable {
    /// One arrangement: the ships, each as its cells.
    public typealias Layout = [[Coordinate]]

    /// The arrangements still consistent with every report so far.
    public private(set) var candidates: [Layout]

    /// All arrangements of `lengths` exactly covering `shipCells` (at most `limit`).
    public init(shipCells: Set<Coordinate>, lengths: [Int] = Fleet.standardLengths, limit: Int = 10_000) {
        var found: [Layout] = []
        let sorted = lengths.sorted(by: >)
        guard shipCells.count == sorted.reduce(0, +) else {
            candidates = []
            return
        }
        func place(_ index: Int, remaining: Set<Coordinate>, ships: Layout, lastOrigin: Int) {
            guard found.count < limit else { return }
            guard index < sorted.count else {
                found.append(ships)
                return
            }
            let length = sorted[index]
            // Equal lengths are placed in increasing origin order, so each arrangement appears once.
            let sameAsPrevious = index > 0 && sorted[index - 1] == length
            for origin in remaining.sorted(by: { $0.index < $1.index }) where !sameAsPrevious || origin.index > lastOrigin {
                for orientation in Orientation.allCases {
                    let ship = ShipPlacement(length: length, origin: origin, orientation: orientation)
                    guard ship.isOnGrid, length > 1 || orientation == .horizontal else { continue }
                    let cells = ship.cells
                    guard cells.allSatisfy(remaining.contains) else { continue }
                    place(index + 1, remaining: remaining.subtracting(cells), ships: ships + [cells], lastOrigin: origin.index)
                }
            }
        }
        place(0, remaining: shipCells, ships: [], lastOrigin: -1)
        candidates = found
    }

    /// Whether some arrangement of the fleet covers the cells exactly.
    public var isPossible: Bool { !candidates.isEmpty }

    /// The `shipSunk` a shot at `cell` should report under `layout`, given every hit on the
    /// board after the shot.
    public static func expectedSunk(_ layout: Layout, shotAt cell: Coordinate, hits: Set<Coordinate>) -> Int {
        guard let ship = layout.first(where: { $0.contains(cell) }) else { return 0 }
        return ship.allSatisfy(hits.contains) ? ship.count : 0
    }

    /// Keeps the arrangements under which a shot at `cell` reports `reportedSunk`; returns
    /// nil when some remain, else what the first arrangement expected.
    public mutating func record(shotAt cell: Coordinate, hits: Set<Coordinate>, reportedSunk: Int) -> Int? {
        let kept = candidates.filter { Self.expectedSunk($0, shotAt: cell, hits: hits) == reportedSunk }
        guard kept.isEmpty else {
            candidates = kept
            return nil
        }
        return candidates.first.map { Self.expectedSunk($0, shotAt: cell, hits: hits) } ?? 0
    }
}
