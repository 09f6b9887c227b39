import Foundation
import Ratings
import Testing

@testable import Matchmaking

@Suite("The settle step, Kendall's tau")
struct SettlePairingTests {
    /// `wins` of `total` games for `a` against `b`, half with each first mover.
    func games(_ a: Int, _ b: Int, wins: Int, of total: Int) -> [RatedGame] {
        (0..<total).map { RatedGame(first: a, second: b, firstMovedFirst: $0 % 2 == 0, score: $0 < wins ? 1 : 0) }
    }

    @Test("the settle step pairs the unseparated neighbours, those nearest to separation first when games are short")
    func settleRound() throws {
        let data = games(0, 1, wins: 50, of: 100) + games(1, 2, wins: 56, of: 100) + games(2, 3, wins: 95, of: 100) + games(0, 3, wins: 97, of: 100)
        let fit = try BradleyTerryFit(games: data, playerCount: 4)
        let ranked = RatingTies.ranked(fit, among: [0, 1, 2, 3])
        let all = SettlePairing.nextRound(fit, ranked: ranked, gamesLeft: 100)
        #expect(Set(all.map { Set([$0.first, $0.second]) }) == [Set([0, 1]), Set([1, 2])])
        let one = SettlePairing.nextRound(fit, ranked: ranked, gamesLeft: 3)
        #expect(one.count == 1 && Set([one[0].first, one[0].second]) == [1, 2])
        #expect(SettlePairing.nextRound(fit, ranked: ranked, gamesLeft: 1).isEmpty)
    }

    @Test("Kendall's tau: 1 for the same order, -1 for the reverse, 0 for half the pairs swapped")
    func tau() {
        #expect(KendallTau.tau([1, 2, 3, 4], [10, 20, 30, 40]) == 1)
        #expect(KendallTau.tau([4, 3, 2, 1], [10, 20, 30, 40]) == -1)
        #expect(abs(KendallTau.tau([1, 2, 4, 3, 6, 5], [1, 2, 3, 4, 5, 6]) - (1 - 2 * 2 / 15.0)) < 1e-12)
    }
}
