/// The games of a format whose pairings the configuration alone fixes (round robin,
/// gauntlet): every pairing plays `gamesPerPairing` games, in mirrored pairs that share
/// their board seeds with the roles swapped. In the first game of a pair, bot A creates
/// (moves first) with fleet X against B's fleet Y; in the second, B creates with fleet X
/// against A's fleet Y. So each bot moves first as often as the other and meets the same
/// fleets, and the luck of the fleets cancels out.
///
/// Games of different pairings are interleaved round by round, so a run stopped early is
/// still balanced. Such a schedule can be split into shards (``Shard``).
public struct FixedSchedule: Sendable {
    public let config: TournamentConfig
    /// The pairings as (first, second) bot indices, in play order.
    public let pairings: [(Int, Int)]

    public init(config: TournamentConfig, pairings: [(Int, Int)]) {
        self.config = config
        self.pairings = pairings
    }

    /// Every game of the tournament, in the order they are started.
    public var games: [ScheduledGame] {
        var games: [ScheduledGame] = []
        games.reserveCapacity(pairings.count * config.gamesPerPairing)
        for round in 0..<config.gamesPerPairing {
            for (pairing, pair) in pairings.enumerated() {
                games.append(game(index: games.count, pairing: pairing, round: round, pair: pair))
            }
        }
        return games
    }

    /// The games this configuration's run plays: all of them, or its shard's.
    public var gamesInRun: [ScheduledGame] {
        guard let shard = config.context.shard else { return games }
        return games.filter { shard.owns($0, pairings: pairings.count) }
    }

    /// How many games the whole tournament has.
    public var count: Int { pairings.count * config.gamesPerPairing }

    /// How many mirrored pairs the schedule holds: the most shards.
    public var mirroredPairCount: Int {
        pairings.count * ((config.gamesPerPairing + 1) / 2)
    }

    /// How many games the shard of ``RunContext/shard`` plays, without listing them.
    public var countInRun: Int {
        guard let shard = config.context.shard else { return count }
        let fullPairs = config.gamesPerPairing / 2
        let lone = config.gamesPerPairing % 2
        // Pair k is the shard's when k mod count == index; every pair has 2 games but the last
        // duo of a pairing, which has 1 when gamesPerPairing is odd.
        var games = 0
        for pair in 0..<mirroredPairCount where pair % shard.count == shard.index {
            games += pair / pairings.count < fullPairs ? 2 : lone
        }
        return games
    }

    /// The game with schedule index `index`; nil beyond the last.
    public func game(at index: Int) -> ScheduledGame? {
        guard index >= 0, index < count else { return nil }
        let pairing = index % pairings.count
        return game(index: index, pairing: pairing, round: index / pairings.count, pair: pairings[pairing])
    }

    private func game(index: Int, pairing: Int, round: Int, pair: (Int, Int)) -> ScheduledGame {
        ScheduleSeeds.game(config, index: index, pairing: pairing, duo: round / 2, pair: pair, swapped: round % 2 == 1)
    }

    /// The next batch of a fixed schedule: every game of the run still open, at once.
    func batch(after results: ScheduleResults) -> ScheduleBatch {
        ScheduleBatch(games: gamesInRun.filter { results.isOpen($0.index) })
    }
}
