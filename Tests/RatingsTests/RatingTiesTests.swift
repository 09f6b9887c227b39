import Foundation
import Testing

@testable import Ratings

@Suite("Ties in the standings")
struct RatingTiesTests {
    /// `wins` of `total` games for `a` against `b`, half with each first mover.
    func games(_ a: Int, _ b: Int, wins: Int, of total: Int) -> [RatedGame] {
        (0..<total).map { RatedGame(first: a, second: b, firstMovedFirst: $0 % 2 == 0, score: $0 < wins ? 1 : 0) }
    }

    @Test("neighbours whose difference is within its interval are one tie; a clear gap separates")
    func groups() throws {
        // 0 and 1 are even; 2 loses nearly everything to both.
        let data = games(0, 1, wins: 50, of: 100) + games(0, 2, wins: 95, of: 100) + games(1, 2, wins: 95, of: 100)
        let fit = try BradleyTerryFit(games: data, playerCount: 3)
        let ranked = RatingTies.ranked(fit, among: [0, 1, 2])
        #expect(ranked.last == 2)
        #expect(RatingTies.groups(fit, ranked: ranked) == [0...1, 0...1, 2...2])
        #expect(RatingTies.separation(fit, ranked[1], 2) > 1.96)
    }

    @Test("in an order other than the fit's (the standings' by score), a gap separates whichever neighbour is rated higher")
    func groupsInAnotherOrder() throws {
        let data = games(0, 1, wins: 50, of: 100) + games(0, 2, wins: 95, of: 100) + games(1, 2, wins: 95, of: 100)
        let fit = try BradleyTerryFit(games: data, playerCount: 3)
        // 2 first, though rated far below 0 and 1: a gap, not a tie, whatever its sign.
        #expect(RatingTies.separation(fit, 2, 0) < -1.96)
        #expect(RatingTies.groups(fit, ranked: [2, 0, 1]) == [0...0, 1...2, 1...2])
        #expect(RatingTies.groups(fit, ranked: [1, 2, 0]) == [0...0, 1...1, 2...2])
        #expect(RatingTies.groups(fit, ranked: [1]) == [0...0])
        #expect(RatingTies.groups(fit, ranked: []).isEmpty)
    }
}
