import BattleshipRules

/// What a bot has seen of one opponent's shots over earlier games: for each cell, how late in
/// a game the opponent fired at it on average, from 0 (its first shot) to 1 (its last, or
/// never). Where an opponent fires late is where a fleet survives longest.
public struct OpponentShotMap: Hashable, Sendable {
    /// The games seen.
    public private(set) var games = 0
    private var sums = [Double](repeating: 0, count: Coordinate.cellCount)

    public init() {}

    /// Adds one game: the opponent's shots in the order fired. A cell it never fired at in
    /// that game counts as fired last.
    public mutating func add(shots: [Coordinate]) {
        var order = [Double](repeating: 1, count: Coordinate.cellCount)
        let count = Double(max(1, shots.count))
        for (rank, cell) in shots.enumerated() where cell.isOnGrid { order[cell.index] = Double(rank) / count }
        for cell in 0..<Coordinate.cellCount { sums[cell] += order[cell] }
        games += 1
    }

    /// How late the opponent fires at the cell with index `cell`, 0 to 1; 1 before any game.
    public func lateness(of cell: Int) -> Double {
        games == 0 ? 1 : sums[cell] / Double(games)
    }
}
