import BattleshipRules

/// Fires at a uniformly random cell not fired at before (the "easy" AI).
public struct RandomStrategy: Strategy {
    private var generator: SeededGenerator
    private var remaining: [Int] = []

    public init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    public mutating func start(_ game: GameStart) {
        remaining = Array(0..<Coordinate.cellCount)
    }

    public mutating func nextShot() -> Coordinate {
        let pick = generator.uniform(below: remaining.count)
        let index = remaining[pick]
        remaining.swapAt(pick, remaining.count - 1)
        remaining.removeLast()
        return Coordinate(x: index % Coordinate.gridSize, y: index / Coordinate.gridSize)
    }

    public mutating func record(_ cell: Coordinate, result: ShotResult) {}
}
