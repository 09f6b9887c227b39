import BattleshipRules

/// Salvo's champion: probability density with each ship weighed as a whole.
///
/// ``DensityStrategy`` adds raw position counts, so a ship with many free positions
/// (a short one) outweighs a ship with few. Here each unsunk ship's weighted position
/// counts are scaled to sum to its length, so a cell's score is the expected number of
/// ship cells on it if each ship were placed independently among its consistent positions.
public struct ChampionStrategy: Strategy {
    private var generator: SeededGenerator
    private var knowledge = ShotKnowledge()

    public init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    public mutating func start(_ game: GameStart) {
        knowledge = ShotKnowledge(fleetLengths: game.fleetLengths)
    }

    public mutating func nextShot() -> Coordinate {
        var scores = [Double](repeating: 0, count: Coordinate.cellCount)
        Self.accumulate(knowledge: knowledge, into: &scores)
        var bestScore = -1.0
        var ties = 0
        var index = 0
        for cell in 0..<scores.count where !knowledge.wasShot(cell) {
            if scores[cell] > bestScore {
                bestScore = scores[cell]
                ties = 1
                index = cell
            } else if scores[cell] == bestScore {
                ties += 1
                if generator.uniform(below: ties) == 0 { index = cell }
            }
        }
        return Coordinate(x: index % Coordinate.gridSize, y: index / Coordinate.gridSize)
    }

    public mutating func record(_ cell: Coordinate, result: ShotResult) {
        knowledge.record(cell.index, result: result)
    }

    /// Adds each unsunk ship's normalised, hit-weighted position density to `scores`.
    static func accumulate(knowledge: ShotKnowledge, into scores: inout [Double]) {
        let blocked = knowledge.blocked
        let open = knowledge.openHits
        let targeting = !open.isEmpty
        var perShip = [Double](repeating: 0, count: Coordinate.cellCount)
        for length in knowledge.remainingLengths {
            let table = PlacementTable.byLength[length]
            for cell in 0..<perShip.count { perShip[cell] = 0 }
            var total = 0.0
            for position in 0..<table.masks.count where !table.masks[position].intersects(blocked) {
                let covered = targeting ? table.masks[position].intersection(open).count : 0
                if covered == length { continue }  // it would have sunk
                let weight = Double(DensityStrategy.hitWeights[min(covered, DensityStrategy.hitWeights.count - 1)])
                total += weight
                let base = position * length
                for step in 0..<length { perShip[Int(table.cells[base + step])] += weight }
            }
            guard total > 0 else { continue }
            for cell in 0..<scores.count { scores[cell] += perShip[cell] / total }
        }
    }
}
