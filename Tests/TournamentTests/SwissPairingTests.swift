import BattleshipRules
import Foundation
import Testing

@testable import Tournament

/// Hand-worked Swiss rounds. Lots are given explicitly (lot = bot index) unless a test is about
/// the seed, so each expectation can be checked with pencil and paper; the comments show the
/// working.
@Suite("Swiss pairing")
struct SwissPairingTests {
    static func identityLots(_ count: Int) -> [Int] { Array(0..<count) }

    /// The round's result with the first bot of each pair winning, except `ties` (tied) and
    /// `upsets` (the second bot wins).
    static func result(_ round: SwissRound, ties: Set<SwissPair> = [], upsets: Set<SwissPair> = []) -> SwissRoundResult {
        SwissRoundResult(
            pairings: round.pairings.map { pair in
                let (a, b) = ties.contains(pair) ? (1, 1) : upsets.contains(pair) ? (0, 2) : (2, 0)
                return SwissPairingResult(pair: pair, firstHalfPoints: a, secondHalfPoints: b)
            }, bye: round.bye)
    }

    @Test("8 bots over 3 rounds: leaders meet leaders, no pairing repeats, Buchholz orders equal scores")
    func eightBotsThreeRounds() {
        let lots = Self.identityLots(8)
        var record = SwissRecord(botCount: 8)
        // Round 1: everyone on 0, Buchholz 0: lot order, top down.
        let round1 = SwissPairing.pair(record: record, lots: lots)
        #expect(round1.number == 1)
        #expect(round1.pairings == [SwissPair(0, 1), SwissPair(2, 3), SwissPair(4, 5), SwissPair(6, 7)])
        #expect(round1.bye == nil && round1.repeats == 0)
        record.add(Self.result(round1, ties: [SwissPair(4, 5)]))
        // Half points: 0:2 2:2 6:2 | 4:1 5:1 | 1:0 3:0 7:0; Buchholz ties within each group, so lots.
        #expect(record.ranking(lots: lots) == [0, 2, 6, 4, 5, 1, 3, 7])
        let round2 = SwissPairing.pair(record: record, lots: lots)
        #expect(round2.pairings == [SwissPair(0, 2), SwissPair(6, 4), SwissPair(5, 1), SwissPair(3, 7)])
        // 0 beats 2, 4 beats 6, 5-1 tie, 7 beats 3.
        record.add(Self.result(round2, ties: [SwissPair(5, 1)], upsets: [SwissPair(6, 4), SwissPair(3, 7)]))
        // Half points: 0:4 | 4:3 | 2:2 6:2 5:2 7:2 | 1:1 | 3:0.
        // Buchholz among the 2s: 6 = 7(2)+4(3) = 5; 2 = 3(0)+0(4) = 4; 5 = 4(3)+1(1) = 4; 7 = 6(2)+3(0) = 2.
        #expect(record.halfPoints == [4, 1, 2, 0, 3, 2, 2, 2])
        #expect([6, 2, 5, 7].map(record.buchholzHalfPoints(of:)) == [5, 4, 4, 2])
        #expect(record.ranking(lots: lots) == [0, 4, 6, 2, 5, 7, 1, 3])
        // Round 3: 0 has met 1 and 2, takes 4; 6 has met 7 and 4, takes 2; 5 takes 7; 1-3 is left.
        let round3 = SwissPairing.pair(record: record, lots: lots)
        #expect(round3.number == 3)
        #expect(round3.pairings == [SwissPair(0, 4), SwissPair(6, 2), SwissPair(5, 7), SwissPair(1, 3)])
        #expect(round3.repeats == 0)
    }

    @Test("9 bots: the bye goes to the lowest-ranked bot without one, and counts as a point")
    func nineBotsWithByes() {
        let lots = Self.identityLots(9)
        var record = SwissRecord(botCount: 9)
        let round1 = SwissPairing.pair(record: record, lots: lots)
        #expect(round1.bye == 8)
        #expect(round1.pairings == [SwissPair(0, 1), SwissPair(2, 3), SwissPair(4, 5), SwissPair(6, 7)])
        record.add(Self.result(round1))
        #expect(record.halfPoints[8] == 2 && record.byes[8] == 1)
        // 0 2 4 6 8 on one point (Buchholz 0: a bye adds none), 1 3 5 7 on none.
        #expect(record.ranking(lots: lots) == [0, 2, 4, 6, 8, 1, 3, 5, 7])
        // Round 2: 7 is the lowest without a bye.
        let round2 = SwissPairing.pair(record: record, lots: lots)
        #expect(round2.bye == 7)
        #expect(round2.pairings == [SwissPair(0, 2), SwissPair(4, 6), SwissPair(8, 1), SwissPair(3, 5)])
        record.add(Self.result(round2, ties: [SwissPair(3, 5)], upsets: [SwissPair(8, 1)]))
        // Half points: 0:4 4:4 | 1 2 6 7 8 on 2 | 3 5 on 1.
        // Buchholz: 0 = 1(2)+2(2) = 4 > 4 = 5(1)+6(2) = 3; 1 = 0(4)+8(2) = 6, 6 = 7(2)+4(4) = 6,
        // 2 = 3(1)+0(4) = 5, 7 = 6(2) = 2, 8 = 1(2) = 2; 5 = 4(4)+3(1) = 5 > 3 = 2(2)+5(1) = 3.
        #expect(record.ranking(lots: lots) == [0, 4, 1, 6, 2, 7, 8, 5, 3])
        // Round 3: 7 and 8 had byes; 3 is the lowest without one.
        let round3 = SwissPairing.pair(record: record, lots: lots)
        #expect(round3.bye == 3)
        #expect(round3.pairings == [SwissPair(0, 4), SwissPair(1, 6), SwissPair(2, 7), SwissPair(8, 5)])
        #expect(round3.repeats == 0)
    }

    @Test("equal points are ranked by Buchholz, then by lot; the lots come from the seed")
    func tieBreaks() {
        // 4 bots after one round: 1 beat 0 and 3 beat 2 (upsets), then record a tie-heavy round.
        var record = SwissRecord(botCount: 4)
        record.add(
            SwissRoundResult(
                pairings: [
                    SwissPairingResult(pair: SwissPair(0, 1), firstHalfPoints: 0, secondHalfPoints: 2),
                    SwissPairingResult(pair: SwissPair(2, 3), firstHalfPoints: 1, secondHalfPoints: 1),
                ], bye: nil))
        // Half points: 1:2 | 2:1 3:1 | 0:0. 2 and 3 tie on points and on Buchholz (1 each): lots decide.
        #expect(record.ranking(lots: [0, 1, 2, 3]) == [1, 2, 3, 0])
        #expect(record.ranking(lots: [0, 1, 3, 2]) == [1, 3, 2, 0])
        record.add(
            SwissRoundResult(
                pairings: [
                    SwissPairingResult(pair: SwissPair(1, 2), firstHalfPoints: 1, secondHalfPoints: 1),
                    SwissPairingResult(pair: SwissPair(3, 0), firstHalfPoints: 1, secondHalfPoints: 1),
                ], bye: nil))
        // Half points: 1:3 | 2:2 3:2 | 0:1. Buchholz: 2 = 3(2)+1(3) = 5, 3 = 2(2)+0(1) = 3: 2 first,
        // whatever the lots say.
        #expect(record.buchholzHalfPoints(of: 2) == 5 && record.buchholzHalfPoints(of: 3) == 3)
        #expect(record.ranking(lots: [0, 1, 3, 2]) == [1, 2, 3, 0])
        // The lots of a seed: a pinned permutation, the same every time, another for another seed.
        let lots = SwissPairing.lots(botCount: 8, seed: 2026)
        #expect(lots == SwissPairing.lots(botCount: 8, seed: 2026))
        #expect(Set(lots) == Set(0..<8))
        #expect(lots == [5, 3, 6, 7, 2, 0, 4, 1])
        #expect(SwissPairing.lots(botCount: 8, seed: 2027) != lots)
        // Round 1 with a seed is lot order: lot 0 (bot 5) meets lot 1 (bot 7), lot 2 (bot 4)
        // meets lot 3 (bot 1), and so on.
        #expect(
            SwissPairing.pair(record: SwissRecord(botCount: 8), seed: 2026).pairings
                == [SwissPair(5, 7), SwissPair(4, 1), SwissPair(6, 0), SwissPair(2, 3)])
    }

    @Test("a repeat only when unavoidable, and then as few as possible")
    func unavoidableRepeat() {
        // 6 bots whose first three rounds were the complete bipartite draw {0,1,2} x {3,4,5},
        // all won by 0, 1 and 2: the not-yet-met pairs are two triangles, which cannot cover
        // six bots, so round 4 needs exactly one repeat.
        var record = SwissRecord(botCount: 6)
        for pairs in [[(0, 3), (1, 4), (2, 5)], [(0, 4), (1, 5), (2, 3)], [(0, 5), (1, 3), (2, 4)]] {
            record.add(
                SwissRoundResult(
                    pairings: pairs.map { SwissPairingResult(pair: SwissPair($0.0, $0.1), firstHalfPoints: 2, secondHalfPoints: 0) }, bye: nil))
        }
        let lots = Self.identityLots(6)
        #expect(record.ranking(lots: lots) == [0, 1, 2, 3, 4, 5])
        // 0 meets 1 (nearest, new); 2 has met 3, 4 and 5, so it meets 3 again; 4-5 is new.
        let round4 = SwissPairing.pair(record: record, lots: lots)
        #expect(round4.pairings == [SwissPair(0, 1), SwissPair(2, 3), SwissPair(4, 5)])
        #expect(round4.repeats == 1)

        // 4 bots after a complete round robin: every pair repeats in round 4.
        var small = SwissRecord(botCount: 4)
        for _ in 1...3 {
            let round = SwissPairing.pair(record: small, lots: Self.identityLots(4))
            #expect(round.repeats == 0)
            small.add(Self.result(round))
        }
        let fourth = SwissPairing.pair(record: small, lots: Self.identityLots(4))
        #expect(fourth.repeats == 2)
        #expect(fourth.pairings.count == 2)
    }

    @Test("the nearest new opponent is given up when the rest could then only be paired with a repeat")
    func backtracksForTheRest() {
        // A record given by hand: 0 beat 1, 2 beat 3, and 1 and 3 tied in a meeting of their own.
        var record = SwissRecord(botCount: 4)
        record.add(
            SwissRoundResult(
                pairings: [
                    SwissPairingResult(pair: SwissPair(0, 1), firstHalfPoints: 2, secondHalfPoints: 0),
                    SwissPairingResult(pair: SwissPair(2, 3), firstHalfPoints: 2, secondHalfPoints: 0),
                ], bye: nil))
        record.add(SwissRoundResult(pairings: [SwissPairingResult(pair: SwissPair(1, 3), firstHalfPoints: 1, secondHalfPoints: 1)], bye: nil))
        // Ranking 0, 2 (2 half points, Buchholz 1 each, lots), 1, 3 (1, Buchholz 3 each, lots).
        #expect(record.ranking(lots: Self.identityLots(4)) == [0, 2, 1, 3])
        // 0-2 would leave 1-3, a repeat; 0-1 is one; so 0 takes 3, and 2 takes 1.
        let round = SwissPairing.pair(record: record, lots: Self.identityLots(4))
        #expect(round.pairings == [SwissPair(0, 3), SwissPair(2, 1)])
        #expect(round.repeats == 0)
    }

    @Test("120 bots over 7 rounds: everyone plays or has a bye each round, no repeats, the same for the same seed")
    func largeField() {
        func run(seed: UInt64) -> [SwissRound] {
            var record = SwissRecord(botCount: 121)
            var generator = SeededGenerator(seed: seed)
            var rounds: [SwissRound] = []
            for _ in 1...7 {
                let round = SwissPairing.pair(record: record, seed: seed)
                rounds.append(round)
                record.add(
                    SwissRoundResult(
                        pairings: round.pairings.map { pair in
                            let outcome = Int(generator.next() % 3)
                            return SwissPairingResult(pair: pair, firstHalfPoints: outcome, secondHalfPoints: 2 - outcome)
                        }, bye: round.bye))
            }
            return rounds
        }
        let rounds = run(seed: 5)
        var met = Set<Set<Int>>()
        var byes = Set<Int>()
        for round in rounds {
            let players = round.pairings.flatMap { [$0.first, $0.second] } + [round.bye].compactMap { $0 }
            #expect(players.sorted() == Array(0..<121))
            #expect(round.repeats == 0)
            for pair in round.pairings { #expect(met.insert([pair.first, pair.second]).inserted) }
            if let bye = round.bye { #expect(byes.insert(bye).inserted) }
        }
        #expect(run(seed: 5) == rounds)
        #expect(run(seed: 6) != rounds)
    }

    @Test("the maximum matching finds augmenting paths through odd cycles")
    func blossom() {
        // A 5-cycle with a pendant: 0-1-2-3-4-0 and 4-5: a perfect matching exists (0-1, 2-3, 4-5)
        // that greedy choices can miss.
        let edges: Set<Set<Int>> = [[0, 1], [1, 2], [2, 3], [3, 4], [4, 0], [4, 5]]
        #expect(MaximumMatching.size(vertexCount: 6) { edges.contains([$0, $1]) } == 3)
        // Two triangles joined by nothing: one pair each.
        let triangles: Set<Set<Int>> = [[0, 1], [1, 2], [0, 2], [3, 4], [4, 5], [3, 5]]
        #expect(MaximumMatching.size(vertexCount: 6) { triangles.contains([$0, $1]) } == 2)
        #expect(MaximumMatching.size(vertexCount: 0) { _, _ in true } == 0)
    }
}
