import BattleshipRules

/// The games of a tournament, fixed by its configuration alone.
///
/// Pairings come from the format; within a pairing, games go in twos that share their
/// board seeds with the roles swapped: in the first, bot A creates (moves first) with fleet
/// X against B's fleet Y; in the second, B creates with fleet X against A's fleet Y. So each
/// bot moves first as often as the other and meets the same fleets, and the luck of the
/// fleets cancels out.
public enum Schedule {
    /// The pairings of `botCount` bots as (first, second) indices, in play order.
    public static func pairings(format: TournamentFormat, botCount: Int) -> [(Int, Int)] {
        switch format {
        case .roundRobin:
            var pairs: [(Int, Int)] = []
            for first in 0..<botCount {
                for second in (first + 1)..<max(first + 1, botCount) { pairs.append((first, second)) }
            }
            return pairs
        case .gauntlet:
            return (1..<max(1, botCount)).map { (0, $0) }
        }
    }

    /// Every game of the tournament, in the order they are started. Games of different
    /// pairings are interleaved round by round, so a run stopped early is still balanced.
    public static func games(for config: TournamentConfig) -> [ScheduledGame] {
        let pairs = pairings(format: config.format, botCount: config.bots.count)
        var games: [ScheduledGame] = []
        games.reserveCapacity(pairs.count * config.gamesPerPairing)
        for round in 0..<config.gamesPerPairing {
            for (pairing, pair) in pairs.enumerated() {
                let duo = round / 2
                var generator = SeededGenerator(seed: mix(config.seed, UInt64(pairing), UInt64(duo)))
                let creatorSeed = generator.next()
                let joinerSeed = generator.next()
                let swapped = round % 2 == 1
                games.append(ScheduledGame(
                    index: games.count, pairing: pairing,
                    creator: swapped ? pair.1 : pair.0, joiner: swapped ? pair.0 : pair.1,
                    creatorSeed: creatorSeed, joinerSeed: joinerSeed
                ))
            }
        }
        return games
    }

    /// A seed for a (tournament seed, pairing, duo) triple: independent streams per pair of games.
    static func mix(_ values: UInt64...) -> UInt64 {
        var generator = SeededGenerator(seed: 0x5A17_0000_0000_0000)
        var state: UInt64 = 0
        for value in values {
            state = (state ^ value) &* 0x9E37_79B9_7F4A_7C15
            state ^= generator.next()
        }
        return state
    }
}
