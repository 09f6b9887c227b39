import BattleshipRules

/// Hunts at random until a hit, then fires at the hit's neighbours, then along the line
/// of two or more hits, until the ship sinks (the "hard" AI of seed 001). As there, a
/// sinking resets its mind: hits of other ships found meanwhile are forgotten until the
/// hunt strikes them again. With `parity`, the hunt fires only at cells of one
/// checkerboard colour, since every ship covers both.
public struct HuntTargetStrategy: Strategy {
    private var generator: SeededGenerator
    private var knowledge = ShotKnowledge()
    /// The hits since the last sinking.
    private var mind = CellSet.empty
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
        knowledge = ShotKnowledge(fleetLengths: game.fleetLengths)
        mind = .empty
    }

    public mutating func nextShot() -> Coordinate {
        let index = targetCandidates().randomElement(using: &generator) ?? huntCell()
        return Coordinate(x: index % Coordinate.gridSize, y: index / Coordinate.gridSize)
    }

    public mutating func record(_ cell: Coordinate, result: ShotResult) {
        knowledge.record(cell.index, result: result)
        switch result {
        case .miss: break
        case .hit: mind.insert(cell.index)
        case .sunk: mind = .empty
        }
    }

    private mutating func huntCell() -> Int {
        var cells: [Int] = []
        cells.reserveCapacity(Coordinate.cellCount)
        for index in 0..<Coordinate.cellCount where !knowledge.wasShot(index) {
            if !parity || (index / Coordinate.gridSize + index % Coordinate.gridSize) % 2 == 0 {
                cells.append(index)
            }
        }
        if cells.isEmpty {
            cells = (0..<Coordinate.cellCount).filter { !knowledge.wasShot($0) }
        }
        return cells[generator.uniform(below: cells.count)]
    }

    /// The open ends of lines of remembered hits, or failing those their unshot neighbours.
    private func targetCandidates() -> [Int] {
        let open = mind
        guard !open.isEmpty else { return [] }
        let size = Coordinate.gridSize
        var lineEnds: [Int] = []
        var neighbours: [Int] = []
        for hit in open.indices {
            let x = hit % size
            let y = hit / size
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let nx = x + dx
                let ny = y + dy
                guard (0..<size).contains(nx), (0..<size).contains(ny) else { continue }
                let next = ny * size + nx
                if !knowledge.wasShot(next) {
                    neighbours.append(next)
                    // A line: the hit's opposite neighbour is an open hit too.
                    let bx = x - dx
                    let by = y - dy
                    if (0..<size).contains(bx), (0..<size).contains(by), open.contains(by * size + bx) {
                        lineEnds.append(next)
                    }
                }
            }
        }
        return lineEnds.isEmpty ? neighbours : lineEnds
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
