import BattleshipRules

/// How a built-in places its fleet when a tournament lets bots place (`placement: bots`):
/// each strategy draws 48 fleets uniformly from its seed and keeps the one it scores best, so
/// its choice stays random enough that no opponent can learn it exactly.
///
/// `salvo bench --placement` measures each against each targeting built-in (BENCHMARKS.md).
///
/// ```swift
/// var map = OpponentShotMap()
/// let fleet = PlacementStrategy.adaptive.fleet(seed: 7, against: map)
/// map.add(shots: opponentsShotsInThatGame)
/// ```
public enum PlacementStrategy: String, CaseIterable, Hashable, Sendable {
    /// Uniform over every valid fleet: what the server does from a seed.
    case uniform
    /// Away from the cells a density hunter fires at first: the fleet whose cells the most
    /// ship positions cover (the prior density, highest in the middle) the least.
    case antiDensity = "anti-density"
    /// Where this opponent has fired late in earlier games (``OpponentShotMap``); as
    /// ``antiDensity`` before it knows anything.
    case adaptive

    /// How many uniform fleets a scoring strategy draws to keep one.
    static let candidates = 48

    /// The fleet for one game, from `seed`; ``adaptive`` reads what `map` knows of the opponent.
    public func fleet(seed: UInt64, against map: OpponentShotMap? = nil) -> Fleet {
        var generator = SeededGenerator(seed: seed)
        switch self {
        case .uniform:
            return Fleet.random(using: &generator)
        case .adaptive where (map?.games ?? 0) > 0:
            return Self.best(using: &generator) { map?.lateness(of: $0) ?? 1 }
        case .antiDensity, .adaptive:
            return Self.best(using: &generator) { -Self.priorDensity[$0] }
        }
    }

    /// The one of ``candidates`` uniform fleets whose cells score the highest in all.
    private static func best(using generator: inout SeededGenerator, score: (Int) -> Double) -> Fleet {
        var best = Fleet.random(using: &generator)
        var bestScore = total(best, score)
        for _ in 1..<candidates {
            let fleet = Fleet.random(using: &generator)
            let value = total(fleet, score)
            if value > bestScore { (best, bestScore) = (fleet, value) }
        }
        return best
    }

    private static func total(_ fleet: Fleet, _ score: (Int) -> Double) -> Double {
        fleet.ships.reduce(0) { sum, ship in ship.cells.reduce(sum) { $0 + score($1.index) } }
    }

    /// For each cell, how many positions of the standard fleet's ships cover it on an empty
    /// board: what a density hunter's first shots follow.
    static let priorDensity: [Double] = {
        var counts = [Double](repeating: 0, count: Coordinate.cellCount)
        for length in Fleet.standardLengths {
            for cell in PlacementTable.byLength[length].cells { counts[Int(cell)] += 1 }
        }
        return counts
    }()
}
