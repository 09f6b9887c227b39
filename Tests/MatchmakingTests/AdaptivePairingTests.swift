import BattleshipRules
import Foundation
import Ratings
import Testing

@testable import Matchmaking

@Suite("Adaptive matchmaking: openings, narrowing, budgets")
struct AdaptivePairingTests {
    let policy = MatchmakingPolicy(ratingInterval: 50, versionBudget: 400)

    /// Games for `pairings` drawn from `strengths`.
    func play(_ pairings: [Pairing], _ strengths: [Double], _ generator: inout SeededGenerator) -> [RatedGame] {
        pairings.flatMap { MatchmakingSimulation.play($0, strengths: strengths, using: &generator) }
    }

    @Test("a class arriving at once meets its ring neighbours and every built-in, once each")
    func firstRound() {
        let pool = MatchmakingPool(playerCount: 12, anchors: [10, 11])
        let round = AdaptivePairing.nextRound(pool, policy: policy, seed: 7)
        for student in 0..<10 {
            let opponents = round.filter { $0.first == student || $0.second == student }.map { $0.first == student ? $0.second : $0.first }
            #expect(opponents.contains(10) && opponents.contains(11), "student \(student) met \(opponents)")
            #expect(opponents.count == 2 + 4, "student \(student) met \(opponents)")
            #expect(Set(opponents).count == opponents.count)
        }
        // The built-ins never ask for games of their own.
        #expect(!round.contains { $0.first >= 10 && $0.second >= 10 })
    }

    @Test("a newcomer to a rated class meets the built-ins and a spread of the standings, not its neighbours only")
    func openingSpread() {
        var generator = SeededGenerator(seed: 3)
        let strengths = (0..<20).map { Double($0) * 20 }
        var pool = MatchmakingPool(playerCount: 21, anchors: [19])
        // Everyone but player 20 has played.
        for a in 0..<19 {
            for b in (a + 1)..<19 { pool.add(play([Pairing(a, b)], strengths, &generator)) }
        }
        pool.refit()
        let round = AdaptivePairing.nextRound(pool, policy: policy, seed: 1).filter { $0.first == 20 || $0.second == 20 }
        let opponents = round.map { $0.first == 20 ? $0.second : $0.first }
        #expect(opponents.contains(19))
        let ratings = opponents.filter { $0 != 19 }.map { pool.rating($0) }
        #expect(ratings.count == 4)
        // From the top quarter of the standings to the bottom one.
        #expect((ratings.max() ?? 0) - (ratings.min() ?? 0) > 150, "opening ratings \(ratings)")
    }

    @Test("rounds go on until every version is within the target or out of budget, and then stop")
    func settles() {
        var generator = SeededGenerator(seed: 11)
        let strengths = (0..<16).map { _ in Double(generator.uniform(below: 400)) }
        var pool = MatchmakingPool(playerCount: 16)
        var rounds = 0
        while true {
            pool.refit()
            let round = AdaptivePairing.nextRound(pool, policy: policy, seed: UInt64(rounds))
            if round.isEmpty { break }
            // No version asked for more than its budget, no pairing twice in a round.
            #expect(Set(round.map { [min($0.first, $0.second), max($0.first, $0.second)] }).count == round.count)
            pool.add(play(round, strengths, &generator))
            rounds += 1
            #expect(rounds < 200)
        }
        for player in 0..<16 {
            let settled = pool.halfWidth(player) <= 50
            let spent = pool.gameCounts[player] + 2 > policy.versionBudget
            #expect(settled || spent, "player \(player): ±\(pool.halfWidth(player)) after \(pool.gameCounts[player]) games")
        }
        // Far fewer games than the budget allows everyone: narrowing pairs the unsettled together.
        #expect(pool.games.count < 16 * policy.versionBudget / 2)
    }

    @Test("a version returned to owes as many fresh games as it had, whatever its interval")
    func returnedVersionPlaysAgain() {
        var generator = SeededGenerator(seed: 5)
        let strengths = [Double](repeating: 0, count: 8)
        var pool = MatchmakingPool(playerCount: 8)
        for _ in 0..<30 {
            for a in 0..<8 { pool.add(play([Pairing(a, (a + 1) % 8)], strengths, &generator)) }
        }
        pool.refit()
        let wide = MatchmakingPolicy(ratingInterval: 1_000, versionBudget: 10_000)
        #expect(AdaptivePairing.nextRound(pool, policy: wide, seed: 0).isEmpty)
        pool.freshGamesOwed[3] = 20
        let round = AdaptivePairing.nextRound(pool, policy: wide, seed: 0)
        #expect(!round.isEmpty && round.allSatisfy { $0.first == 3 || $0.second == 3 })
        pool.add(play(round, strengths, &generator))
        #expect((pool.freshGamesOwed[3] ?? 0) == max(0, 20 - 2 * round.count))
    }
}
