import BattleshipRules

/// Probability density: for every cell, counts the positions of each unsunk ship that
/// avoid every miss and every sunk ship, weighting a position by how many open hits it
/// covers, and fires at the unshot cell with the greatest count (ties broken at random).
public struct DensityStrategy: Strategy {
    /// The weight of a position covering 0, 1, 2, ... open hits.
    static let hitWeights: [Int64] = [1, 40, 1600, 64000, 2_560_000, 102_400_000]

    private var generator: SeededGenerator
    private var knowledge = ShotKnowledge()

    public init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    public mutating func start(_ game: GameStart) {
        knowledge = ShotKnowledge(fleetLengths: game.fleetLengths)
    }

    public mutating func nextShot() -> Coordinate {
        var scores = [Int64](repeating: 0, count: Coordinate.cellCount)
        Self.accumulate(knowledge: knowledge, into: &scores)
        let index = Self.best(scores: scores, knowledge: knowledge, using: &generator)
        return Coordinate(x: index % Coordinate.gridSize, y: index / Coordinate.gridSize)
    }

    public mutating func record(_ cell: Coordinate, result: ShotResult) {
        knowledge.record(cell.index, result: result)
    }

    /// Adds the weighted position counts of every unsunk ship to `scores`.
    static func accumulate(knowledge: ShotKnowledge, into scores: inout [Int64]) {
        let blocked = knowledge.blocked
        let open = knowledge.openHits
        let targeting = !open.isEmpty
        scores.withUnsafeMutableBufferPointer { scores in
            for length in knowledge.remainingLengths {
                let table = PlacementTable.byLength[length]
                table.masks.withUnsafeBufferPointer { masks in
                    table.cells.withUnsafeBufferPointer { cells in
                        for position in 0..<masks.count where !masks[position].intersects(blocked) {
                            let covered = targeting ? masks[position].intersection(open).count : 0
                            if covered == length { continue }  // it would have sunk
                            let weight = hitWeights[min(covered, hitWeights.count - 1)]
                            let base = position * length
                            for step in 0..<length {
                                scores[Int(cells[base + step])] &+= weight
                            }
                        }
                    }
                }
            }
        }
    }

    /// The unshot cell with the greatest score; ties broken uniformly at random.
    static func best(scores: [Int64], knowledge: ShotKnowledge, using generator: inout SeededGenerator) -> Int {
        var bestScore: Int64 = -1
        var ties = 0
        var choice = 0
        for index in 0..<scores.count where !knowledge.wasShot(index) {
            let score = scores[index]
            if score > bestScore {
                bestScore = score
                ties = 1
                choice = index
            } else if score == bestScore {
                ties += 1
                if generator.uniform(below: ties) == 0 { choice = index }
            }
        }
        return choice
    }
}
