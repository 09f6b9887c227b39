import BattleshipRules
import Testing

@testable import Bots

/// The built-ins' placement strategies and the matrix `salvo bench --placement` prints.
@Suite("Placement strategies")
struct PlacementStrategyTests {
    @Test("each strategy gives the standard fleet, the same for the same seed; scoring ones keep away from the dense middle")
    func fleets() {
        func density(_ fleet: Fleet) -> Double {
            fleet.ships.flatMap(\.cells).reduce(0) { $0 + PlacementStrategy.priorDensity[$1.index] }
        }
        var sums: [PlacementStrategy: Double] = [:]
        for strategy in PlacementStrategy.allCases {
            for seed: UInt64 in 0..<200 {
                let fleet = strategy.fleet(seed: seed)
                #expect(fleet.lengths.sorted() == Fleet.standardLengths.sorted() && fleet.cellCount == 17)
                #expect(fleet == strategy.fleet(seed: seed))
                sums[strategy, default: 0] += density(fleet)
            }
        }
        #expect(sums[.antiDensity, default: 0] < 0.9 * sums[.uniform, default: 0], "\(sums)")
        // With nothing known of the opponent, adaptive places as anti-density does.
        #expect(sums[.adaptive] == sums[.antiDensity])
    }

    @Test("what an opponent fired late is where adaptive places: after games of an opponent firing rows top-down, the fleet sits low")
    func adaptiveLearns() {
        var map = OpponentShotMap()
        let topDown = (0..<Coordinate.cellCount).map { Coordinate(x: $0 % 10, y: $0 / 10) }
        for _ in 0..<5 { map.add(shots: topDown) }
        #expect(map.games == 5 && map.lateness(of: 0) == 0 && map.lateness(of: 99) == 0.99)
        for seed: UInt64 in 0..<20 {
            let rows = PlacementStrategy.adaptive.fleet(seed: seed, against: map).ships.flatMap(\.cells).map(\.y)
            let meanRow = Double(rows.reduce(0, +)) / Double(rows.count)
            #expect(meanRow > 5.5, "seed \(seed): mean row \(meanRow)")
        }
    }

    @Test("the matrix is the same for the same seed")
    func matrixIsSeeded() {
        let bots: [BuiltInBot] = [.density, .champion]
        let first = PlacementMatrix(targeting: bots, games: 20, seed: 4)
        let second = PlacementMatrix(targeting: bots, games: 20, seed: 4)
        #expect(first.cells.map(\.statistics.mean) == second.cells.map(\.statistics.mean))
        #expect(first.cells.count == 6)
    }

    /// Not a larger mean alone, which 100 games give either way by chance about as often as
    /// not when the placements make no difference: the difference of the two means must pass
    /// its 99% margin (z = 2.576 times the standard error of the difference, from the samples'
    /// own spread; the boards of the two cells are independent). With 400 games a cell the
    /// margin is about 1.6 shots; the placements cost 2.7 to 5 shots (`salvo bench --placement
    /// --games 400 --seed 4`).
    @Test("the scoring placements cost density and champion more shots than uniform, by more than the 99% margin of 400 games")
    func scoringPlacementsCostMore() throws {
        let bots: [BuiltInBot] = [.density, .champion]
        let games = 400
        let matrix = PlacementMatrix(targeting: bots, games: games, seed: 4)
        for bot in bots {
            let uniform = try #require(matrix.cell(bot, .uniform)).statistics
            for placement in [PlacementStrategy.antiDensity, .adaptive] {
                let placed = try #require(matrix.cell(bot, placement)).statistics
                #expect(placed.count == games && uniform.count == games)
                let standardError =
                    (placed.standardDeviation * placed.standardDeviation / Double(placed.count)
                    + uniform.standardDeviation * uniform.standardDeviation / Double(uniform.count)).squareRoot()
                let margin = 2.576 * standardError
                #expect(placed.mean - uniform.mean > margin, "\(bot) against \(placement): \(placed.mean) - \(uniform.mean) shots, margin \(margin)")
            }
        }
    }
}
