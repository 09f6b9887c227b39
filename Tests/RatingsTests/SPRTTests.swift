import Foundation
import Testing

@testable import Ratings

@Suite struct SPRTTests {
    @Test func boundsForFivePercentErrors() {
        let test = SPRT(elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05)
        // ln(0.05/0.95) = -ln 19 = -2.944, ln(0.95/0.05) = ln 19 = 2.944.
        #expect(abs(test.lowerBound + log(19.0)) < 1e-12)
        #expect(abs(test.upperBound - log(19.0)) < 1e-12)
        #expect(abs(log(19.0) - 2.944) < 1e-3)
        let asymmetric = SPRT(elo0: 0, elo1: 10, alpha: 0.05, beta: 0.1)
        #expect(abs(asymmetric.lowerBound - log(0.1 / 0.95)) < 1e-12)
        #expect(abs(asymmetric.upperBound - log(18.0)) < 1e-12)
    }

    @Test func logLikelihoodRatioByHand() {
        let test = SPRT(elo0: 0, elo1: 10)
        // p0 = 0.5; p1 = 1/(1 + 10^(-10/400)) = 0.514387; LLR = 30·ln(p1/p0) + 20·ln((1-p1)/(1-p0)).
        let p1 = 1 / (1 + pow(10, -0.025))
        #expect(abs(p1 - 0.514387) < 1e-6)
        let expected = 30 * log(p1 / 0.5) + 20 * log((1 - p1) / 0.5)
        #expect(abs(test.logLikelihoodRatio(wins: 30, losses: 20) - expected) < 1e-12)
        #expect(test.logLikelihoodRatio(wins: 0, losses: 0) == 0)
    }

    @Test func decisions() {
        let test = SPRT(elo0: 0, elo1: 50)
        // Each win adds ln(p1/p0) = ln(2·0.571463) = 0.13363, each loss ln(2·0.428537) = -0.15423.
        #expect(test.decision(wins: 10, losses: 10) == .continue)
        #expect(test.decision(wins: 30, losses: 5) == .acceptH1)  // 30·0.13363 - 5·0.15423 = 3.24 ≥ 2.944
        #expect(test.decision(wins: 5, losses: 30) == .acceptH0)  // 5·0.13363 - 30·0.15423 = -3.96 ≤ -2.944
    }
}
