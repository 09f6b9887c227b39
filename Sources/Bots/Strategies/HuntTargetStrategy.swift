import BattleshipRules

/// Hunts at random until a hit, then works through the hit's neighbours, and through the
/// neighbours of every further hit, newest first (a stack), so that it follows a line of
/// hits once it has found its direction: the classic hunt/target of seed 001's "hard" AI.
/// It does not use what a sinking tells: the stack is worked off until empty before the hunt
/// resumes. With `parity`, the hunt fires only at cells of one checkerboard colour, since
/// every ship covers both.
///
/// Over 20,000 seeded boards this reproduces the means the project's brief gives for these
/// two strategies (about 66 shots, and about 61 with parity; BENCHMARKS.md).
public struct HuntTargetStrategy: Strategy {
    private var generator: SeededGenerator
    private var shots = CellSet.empty
    /// Cells to try next, the most recent hit's neighbours on top.
    private var targets: [Int] = []
    private let parity: Bool

    public init(seed: UInt64) {
        self.init(seed: seed, parity: false)
    }

    /// A hunt/target strategy; with `parity`, hunting on a checkerboard.
    public init(seed: UInt64, parity: Bool) {
        generator = SeededGenerator(seed: seed)
        self.parity = parity
    }

    public mutating func start(_ game: GameStart) {
        shots = .empty
        targets = []
    }

    public mutating func nextShot() -> Coordinate {
        while let cell = targets.popLast() {
            if !shots.contains(cell) { return Coordinate(x: cell % Coordinate.gridSize, y: cell / Coordinate.gridSize) }
        }
        let index = huntCell()
        return Coordinate(x: index % Coordinate.gridSize, y: index / Coordinate.gridSize)
    }

    public mutating func record(_ cell: Coordinate, result: ShotResult) {
        shots.insert(cell.index)
        guard result != .miss else { return }
        var neighbours: [Int] = []
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let x = cell.x + dx
            let y = cell.y + dy
            guard (0..<Coordinate.gridSize).contains(x), (0..<Coordinate.gridSize).contains(y) else { continue }
            let index = y * Coordinate.gridSize + x
            if !shots.contains(index) { neighbours.append(index) }
        }
        neighbours.shuffle(using: &generator)
        targets.append(contentsOf: neighbours)
    }

    /// A random unshot cell, of the hunting colour with parity while one is left.
    private mutating func huntCell() -> Int {
        var cells: [Int] = []
        cells.reserveCapacity(Coordinate.cellCount)
        for index in 0..<Coordinate.cellCount where !shots.contains(index) {
            if !parity || (index / Coordinate.gridSize + index % Coordinate.gridSize) % 2 == 0 {
                cells.append(index)
            }
        }
        if cells.isEmpty {
            cells = (0..<Coordinate.cellCount).filter { !shots.contains($0) }
        }
        return cells[generator.uniform(below: cells.count)]
    }
}

/// Hunt/target that hunts on a checkerboard: ``HuntTargetStrategy`` with parity.
public struct ParityStrategy: Strategy {
    private var inner: HuntTargetStrategy

    public init(seed: UInt64) {
        inner = HuntTargetStrategy(seed: seed, parity: true)
    }

    public mutating func start(_ game: GameStart) { inner.start(game) }
    public mutating func nextShot() -> Coordinate { inner.nextShot() }
    public mutating func record(_ cell: Coordinate, result: ShotResult) { inner.record(cell, result: result) }
}
