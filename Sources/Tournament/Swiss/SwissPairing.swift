import BattleshipRules
import Bots

/// The pairing of a Swiss round: pure rules over the record of the rounds before it.
///
/// 1. **Ranking.** Bots are ranked by points; equal points by Buchholz (the sum of their
///    opponents' points); equal Buchholz by lot, a permutation of the bots drawn once per
///    tournament from its seed (``lots(botCount:seed:)``). Round 1 is therefore in lot order.
/// 2. **Bye.** With an odd field, the bye goes to the lowest-ranked bot among those with the
///    fewest byes (so: the lowest-scored bot that has not had one), unless the others could
///    then not be paired without a repeat while another such bot's bye would allow it; then
///    the lowest-ranked of those bots gets it.
/// 3. **Pairs** (the Monrad order, with backtracking): the top unpaired bot meets the
///    nearest-ranked unpaired bot it has not met, provided the rest can still be paired
///    without a repeat; otherwise the next-nearest, and so on. The result is the first
///    repeat-free pairing in ranking order, so bots meet equal or nearest scores.
/// 4. **Repeats** happen only when no repeat-free pairing of the round exists (a small field
///    after many rounds: 4 bots cannot play a 4th round without one). Then the round has the
///    fewest repeats possible, and each bot still meets, first, the nearest-ranked bot it
///    has not met whenever the rest allows; a repeated opponent is the one met fewest times,
///    then the nearest-ranked. ``SwissRound/repeats`` counts them.
///
/// Whether the rest can be paired, and with how few repeats, is decided exactly by a maximum
/// matching of the "not yet met" graph (Edmonds' blossom algorithm), so the search never
/// backtracks blindly: a few hundred bots pair in well under a second.
///
/// ```swift
/// var record = SwissRecord(botCount: 8)
/// let lots = SwissPairing.lots(botCount: 8, seed: 2026)
/// let round1 = SwissPairing.pair(record: record, lots: lots)
/// // ... play round1.pairings, then:
/// record.add(SwissRoundResult(pairings: results, bye: round1.bye))
/// let round2 = SwissPairing.pair(record: record, lots: lots)
/// ```
public enum SwissPairing {
    /// The pairings of the next round (number `record.rounds + 1`).
    public static func pair(record: SwissRecord, lots: [Int]) -> SwissRound {
        let ranking = record.ranking(lots: lots)
        var players = ranking
        var bye: Int?
        if players.count % 2 == 1 {
            let fewest = record.byes.min() ?? 0
            var best: (bot: Int, repeats: Int)?
            for candidate in ranking.reversed() where record.byes[candidate] == fewest {
                let repeats = minimumRepeats(players.filter { $0 != candidate }, record)
                if best == nil || repeats < best!.repeats { best = (candidate, repeats) }
                if repeats == 0 { break }
            }
            bye = best?.bot
            players.removeAll { $0 == bye }
        }
        let pairings = pairInOrder(players, record)
        return SwissRound(
            number: record.rounds + 1, pairings: pairings, bye: bye,
            repeats: pairings.count { record.meetings($0.first, $0.second) > 0 }
        )
    }

    /// The pairings of the next round of a tournament with this seed.
    public static func pair(record: SwissRecord, seed: UInt64) -> SwissRound {
        pair(record: record, lots: lots(botCount: record.botCount, seed: seed))
    }

    /// Each bot's lot, 0 to `botCount - 1`: its place among equals on points and Buchholz.
    /// A Fisher–Yates shuffle driven by ``BattleshipRules/SeededGenerator`` seeded with
    /// ``Bots/GameSeeds/derive(run:label:_:)`` of the seed and `swiss-lots`.
    public static func lots(botCount: Int, seed: UInt64) -> [Int] {
        var generator = SeededGenerator(seed: GameSeeds.derive(run: seed, label: "swiss-lots"))
        var order = Array(0..<botCount)
        for index in stride(from: botCount - 1, to: 0, by: -1) {
            let other = Int(generator.next() % UInt64(index + 1))
            order.swapAt(index, other)
        }
        var lots = Array(repeating: 0, count: botCount)
        for (lot, bot) in order.enumerated() { lots[bot] = lot }
        return lots
    }

    /// `players` (an even number, in ranking order) paired top down with the fewest repeats.
    static func pairInOrder(_ players: [Int], _ record: SwissRecord) -> [SwissPair] {
        var remaining = players
        var allowance = minimumRepeats(remaining, record)
        var pairs: [SwissPair] = []
        while let top = remaining.first {
            let others = remaining.dropFirst()
            let fresh = others.filter { record.meetings(top, $0) == 0 }
            // Stable sort: among repeats, the fewest meetings, then the nearest rank.
            let again = others.filter { record.meetings(top, $0) > 0 }.enumerated()
                .sorted { (record.meetings(top, $0.element), $0.offset) < (record.meetings(top, $1.element), $1.offset) }
                .map(\.element)
            var chosen: Int?
            for candidate in fresh + again {
                let cost = record.meetings(top, candidate) > 0 ? 1 : 0
                guard cost <= allowance else { continue }
                let rest = remaining.filter { $0 != top && $0 != candidate }
                if minimumRepeats(rest, record) <= allowance - cost {
                    chosen = candidate
                    allowance -= cost
                    break
                }
            }
            // The allowance is the minimum for `remaining`, so some candidate always fits.
            guard let partner = chosen else { break }
            pairs.append(SwissPair(top, partner))
            remaining.removeAll { $0 == top || $0 == partner }
        }
        return pairs
    }

    /// The fewest repeats with which `players` (an even number) can all be paired: the
    /// pairs a maximum matching of "not yet met" leaves to be made among players who met.
    static func minimumRepeats(_ players: [Int], _ record: SwissRecord) -> Int {
        let fresh = MaximumMatching.size(vertexCount: players.count) { a, b in
            record.meetings(players[a], players[b]) == 0
        }
        return players.count / 2 - fresh
    }
}
