import Foundation
import Testing

@testable import Ratings

@Suite struct EloDifferenceTests {
    @Test func evenScoreIsZero() {
        let e = EloDifference(wins: 40, losses: 40)
        #expect(e.score == 0.5)
        #expect(abs(e.difference) < 1e-12)
    }

    @Test func seventyFivePercent() {
        let e = EloDifference(wins: 75, losses: 25)
        // -400·log10(1/0.75 - 1) = 400·log10(3) = 190.849
        #expect(abs(e.difference - 400 * log10(3.0)) < 1e-9)
        #expect(abs(e.difference - 190.849) < 1e-3)
        // se(s) = sqrt(0.75·0.25/100) = 0.0433013; d(elo)/ds = 400/(ln10·0.1875) = 926.49;
        // margin = 1.96·0.0433013·926.49 = 78.63.
        let se = sqrt(0.75 * 0.25 / 100)
        #expect(abs(e.scoreStandardError - se) < 1e-12)
        #expect(abs(e.margin - 1.96 * se * 400 / (log(10.0) * 0.1875)) < 1e-9)
        #expect(abs(e.margin - 78.63) < 0.01)
        // Mirror image.
        #expect(abs(EloDifference(wins: 25, losses: 75).difference + e.difference) < 1e-9)
    }

    @Test func perfectScoreIsInfinite() {
        #expect(EloDifference(wins: 10, losses: 0).difference == .infinity)
    }
}
