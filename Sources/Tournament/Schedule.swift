import BattleshipRules
import Bots

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
        case .swiss:
            // A Swiss round is paired only when the one before has finished, so no pairing is
            // fixed by the configuration alone: SwissSchedule and SwissRounds play the rounds.
            return []
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
                let (creatorSeed, joinerSeed) = fleetSeeds(config, pairing: pairing, duo: duo)
                let swapped = round % 2 == 1
                games.append(ScheduledGame(
                    index: games.count, pairing: pairing, duo: duo,
                    creator: swapped ? pair.1 : pair.0, joiner: swapped ? pair.0 : pair.1,
                    creatorSeed: creatorSeed, joinerSeed: joinerSeed
                ))
            }
        }
        return games
    }

    /// How many mirrored pairs of games the schedule holds (a pair's two games share their
    /// fleets, so a shard plays both or neither): the most shards it can be split into.
    public static func mirroredPairCount(for config: TournamentConfig) -> Int {
        pairings(format: config.format, botCount: config.bots.count).count * ((config.gamesPerPairing + 1) / 2)
    }

    /// The games this run plays: the whole schedule, or its shard's part of it (``Shard``).
    public static func playedGames(for config: TournamentConfig) -> [ScheduledGame] {
        let all = games(for: config)
        guard let shard = config.shard else { return all }
        let pairingCount = pairings(format: config.format, botCount: config.bots.count).count
        return all.filter { shard.owns($0, pairings: pairingCount) }
    }

    /// The two fleets' seeds of the `duo`-th pair of games of `pairing`.
    static func fleetSeeds(_ config: TournamentConfig, pairing: Int, duo: Int) -> (UInt64, UInt64) {
        switch config.seedDerivation {
        case .keyed:
            return (
                GameSeeds.derive(key: config.seedKeyMaterial, label: "fleet", UInt64(pairing), UInt64(duo), 0),
                GameSeeds.derive(key: config.seedKeyMaterial, label: "fleet", UInt64(pairing), UInt64(duo), 1)
            )
        case .mixed:
            var generator = SeededGenerator(seed: mix(config.seed, UInt64(pairing), UInt64(duo)))
            return (generator.next(), generator.next())
        }
    }

    /// The seed given to the bot in `seat` of game `index` (`salvo rematch` gives it again).
    public static func botSeed(_ config: TournamentConfig, index: Int, seat: PlayerSeat) -> UInt64 {
        switch config.seedDerivation {
        case .keyed: GameSeeds.derive(key: config.seedKeyMaterial, label: "bot", UInt64(index), UInt64(seat.index))
        case .mixed: mix(config.seed, UInt64(index), UInt64(seat.index) &+ 0xB07)
        }
    }

    /// The seed derivation of journals before ``SeedDerivation/keyed``: independent streams per
    /// tuple, but invertible.
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
