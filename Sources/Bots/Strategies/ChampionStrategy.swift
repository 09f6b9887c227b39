import BattleshipRules

/// Salvo's champion: probability density with a one-shot lookahead while hunting.
///
/// Each cell's chance of holding a ship is estimated as in ``DensityStrategy``, but with
/// each unsunk ship's weighted position counts scaled to sum to its length (the expected
/// number of ship cells on the cell). While hunting (no open hit), it weighs the best
/// ``candidates`` cells by the expected hits of two shots: the cell's chance, plus the best
/// chance left after it misses or hits, each branch weighed by its probability; it fires
/// at the best of these. While targeting it fires at the likeliest cell, as density does.
public struct ChampionStrategy: Strategy {
    /// How many of the likeliest cells the lookahead considers.
    static let candidates = 6

    private var generator: SeededGenerator
    private var knowledge = ShotKnowledge()

    public init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    public mutating func start(_ game: GameStart) {
        knowledge = ShotKnowledge(fleetLengths: game.fleetLengths)
    }

    public mutating func nextShot() -> Coordinate {
        let index: Int
        if knowledge.openHits.isEmpty {
            index = lookahead()
        } else {
            var counts = [Int64](repeating: 0, count: Coordinate.cellCount)
            DensityStrategy.accumulate(knowledge: knowledge, into: &counts)
            index = DensityStrategy.best(scores: counts, knowledge: knowledge, using: &generator)
        }
        return Coordinate(x: index % Coordinate.gridSize, y: index / Coordinate.gridSize)
    }

    public mutating func record(_ cell: Coordinate, result: ShotResult) {
        knowledge.record(cell.index, result: result)
    }

    /// The hunting cell with the most expected hits over this shot and the next.
    private func lookahead() -> Int {
        let chances = Self.chances(knowledge)
        let unshot = (0..<Coordinate.cellCount).filter { !knowledge.wasShot($0) }
        let likeliest = unshot.sorted { chances[$0] > chances[$1] || (chances[$0] == chances[$1] && $0 < $1) }
        var best = likeliest[0]
        var bestValue = -1.0
        for cell in likeliest.prefix(Self.candidates) {
            let chance = min(chances[cell], 1)
            let afterMiss = Self.bestChance(knowledge.recording(cell, result: .miss))
            let afterHit = Self.bestChance(knowledge.recording(cell, result: .hit))
            let value = chance + chance * afterHit + (1 - chance) * afterMiss
            if value > bestValue + 1e-12 {
                bestValue = value
                best = cell
            }
        }
        return best
    }

    /// The greatest chance among unshot cells, at most 1.
    private static func bestChance(_ knowledge: ShotKnowledge) -> Double {
        let chances = chances(knowledge)
        var best = 0.0
        for cell in 0..<chances.count where !knowledge.wasShot(cell) && chances[cell] > best {
            best = chances[cell]
        }
        return min(best, 1)
    }

    /// For each cell, the sum over unsunk ships of the share of the ship's (hit-weighted)
    /// consistent positions that cover it.
    static func chances(_ knowledge: ShotKnowledge) -> [Double] {
        let blocked = knowledge.blocked
        let open = knowledge.openHits
        let targeting = !open.isEmpty
        var chances = [Double](repeating: 0, count: Coordinate.cellCount)
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
            for cell in 0..<chances.count { chances[cell] += perShip[cell] / total }
        }
        return chances
    }
}
