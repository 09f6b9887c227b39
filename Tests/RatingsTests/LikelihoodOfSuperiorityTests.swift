import Foundation
import Testing

@testable import Ratings

@Suite struct LikelihoodOfSuperiorityTests {
    @Test func equalRatingsGiveOneHalf() throws {
        // Equal players (each wins 60% as first mover): r_A = r_B, so LOS = Φ(0) = 0.5.
        let data =
            games(0, 1, wins: 60, of: 100, firstMovedFirst: true)
            + games(0, 1, wins: 40, of: 100, firstMovedFirst: false)
        let los = LikelihoodOfSuperiority(fit: try BradleyTerryFit(games: data, playerCount: 2))
        #expect(abs(los[0, 1] - 0.5) < 1e-9)
        #expect(los[0, 0] == 0.5)
        #expect(LikelihoodOfSuperiority.probability(difference: 0, variance: 4) == 0.5)
    }

    @Test func twoPlayerLOSUsesTheVarianceOfTheDifference() throws {
        // 75 of 100, no prior: δ = 190.85 and sd(δ) = 1/(k·sqrt(N·p(1-p))) (see BradleyTerryFitTests).
        // var_A + var_B - 2cov = var(δ), so LOS = Φ(δ/sd(δ)) = ½·erfc(-z/√2).
        let fit = try BradleyTerryFit(
            games: games(0, 1, wins: 75, of: 100, firstMovedFirst: true),
            playerCount: 2, options: .init(priorDraws: 0, estimateAdvantage: false)
        )
        let delta = -400 * log10(1 / 0.75 - 1)
        let z = delta / (1 / (eloScale * sqrt(100 * 0.75 * 0.25)))
        let expected = 0.5 * erfc(-z / sqrt(2))
        let los = LikelihoodOfSuperiority(fit: fit)
        #expect(abs(los[0, 1] - expected) < 1e-9)
        #expect(abs(los[0, 1] + los[1, 0] - 1) < 1e-12)
        #expect(los[0, 1] > 0.999)
    }

    @Test func normalCDFMatchesTableValues() {
        // Standard normal table: Φ(1.96) = 0.9750021, Φ(-1) = 0.1586553.
        #expect(abs(LikelihoodOfSuperiority.normalCDF(1.96) - 0.9750021) < 1e-7)
        #expect(abs(LikelihoodOfSuperiority.normalCDF(-1) - 0.1586553) < 1e-7)
    }
}
