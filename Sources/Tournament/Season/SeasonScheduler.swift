/// The scheduler of one night of a season (``SeasonNight``).
///
/// - A round robin's night: the games its current versions were missing when it began, in
///   one batch; a matchmade night (``SeasonNight/matchmade``), the games matchmaking chose, so. Each game's fleets come from its two versions
///   (``ScheduleSeeds/seasonFleetSeeds(_:identity:keys:)``, as the night's line says), its bots' seeds from its index, which
///   no other night shares.
/// - A Swiss season's night (``SeasonNight/swiss``): that many Swiss rounds over the night's
///   current versions, paired as a Swiss tournament of its own pairs them (``SwissScheduler``,
///   lots drawn anew each night), its games moved to the night's indices, with fleets and bot
///   seeds of their own (pairings numbered from the night's first index on).
public struct SeasonScheduler: ShardableScheduler, SwissRoundsScheduler, SeasonStandingsScheduler, SeasonableScheduler {
    /// The configuration, its bots the night's (``SeasonNight/bots``).
    public let config: TournamentConfig
    public let night: SeasonNight
    /// A round robin's night's games, in order.
    let games: [ScheduledGame]
    /// The mirrored pair of each of ``games`` (both rounds of one duo of a pairing), numbered
    /// in the order the pairs' first games come: pair `k` is shard `k mod N`'s, as in a
    /// tournament's schedule (``Shard``).
    let mirroredPairs: [Int]
    /// A Swiss night's rounds, as a Swiss tournament from index 0 (``shifted(_:)`` moves them).
    let swiss: SwissScheduler?

    public init(config: TournamentConfig, night: SeasonNight) {
        var config = config
        config.bots = night.bots
        self.config = config
        self.night = night
        if let rounds = night.swiss {
            var inner = config
            inner.context.seasonNight = nil
            inner.rounds = rounds.rounds
            inner.seed = ScheduleSeeds.mix(config.seed, 0x5EA5_0D00, UInt64(night.number))
            swiss = SwissScheduler(config: inner)
            games = []
            mirroredPairs = []
            return
        }
        swiss = nil
        var pairs: [[Int]: Int] = [:]
        mirroredPairs = night.games.map { game in
            let pair = pairs[[game.first, game.second, game.round / 2]] ?? pairs.count
            pairs[[game.first, game.second, game.round / 2]] = pair
            return pair
        }
        // One pairing number per pair of entries, for the rule that a reused process never
        // plays both games of a mirrored pair.
        var pairings: [[Int]: Int] = [:]
        games = night.games.enumerated().map { position, game in
            let pairing = pairings[[game.first, game.second]] ?? pairings.count
            pairings[[game.first, game.second]] = pairing
            return ScheduleSeeds.game(
                config, index: night.firstIndex + position, pairing: pairing, duo: game.round / 2, pair: (game.first, game.second),
                swapped: game.round % 2 == 1,
                fleets: ScheduleSeeds.seasonFleetSeeds(config, identity: night.identity(of: game), keys: night.fleetKeys)
            )
        }
    }

    public var plannedGames: Int { night.indices.count }
    /// A season night plays as its season does: a Swiss night its rounds.
    public var seasonSwissRounds: Int? { night.swiss?.rounds }
    public var currentGames: Int {
        if let rounds = night.swiss { return rounds.carried + rounds.games }
        if let matchmade = night.matchmade { return matchmade.carried + night.games.count }
        return night.roundRobinGames(gamesPerPairing: config.gamesPerPairing)
    }

    /// A Swiss night's rounds are paired from its own results: a report recomputes them.
    public var playsSwissRounds: Bool { swiss != nil }

    /// A Swiss night's rounds, its games at the night's indices.
    public func swissRounds(after results: ScheduleResults) -> SwissProgress? {
        swiss?.progress(after: ownResults(results)).movingGames(shifted)
    }

    /// A game between current versions, of any night; a shard's, of its own night only (its
    /// journal holds its parts of earlier nights, which its run does not count).
    public func isCurrent(_ record: GameRecord) -> Bool {
        night.isCurrent(record) && (config.context.shard == nil || night.indices.contains(record.index))
    }

    /// A round robin's night splits as a tournament's schedule does, by mirrored pairs
    /// (docs/cluster.md, "A season's night"); a Swiss night's rounds cannot be split up front.
    public var shardingObstacle: String? {
        swiss == nil ? nil : "a Swiss season's night pairs each round from the results of the rounds before it"
    }

    public var mirroredPairCount: Int { swiss == nil ? Set(mirroredPairs).count : 1 }

    public var gamesInRun: Int {
        guard swiss == nil, config.context.shard != nil else { return plannedGames }
        return games.indices.count(where: isInRun)
    }

    /// The shard of `count` that plays the night's game at schedule index `index`; nil for an
    /// index that is not one of a round robin night's games.
    public func shard(ofGameAt index: Int, count: Int) -> Int? {
        guard swiss == nil, night.indices.contains(index) else { return nil }
        return mirroredPairs[index - night.firstIndex] % count
    }

    /// Whether the game at `position` of ``games`` is this run's: every one, or its shard's.
    func isInRun(_ position: Int) -> Bool {
        guard let shard = config.context.shard else { return true }
        return mirroredPairs[position] % shard.count == shard.index
    }

    public func nextGames(after results: ScheduleResults) throws(ScheduleError) -> ScheduleBatch {
        guard let swiss else {
            return ScheduleBatch(games: games.indices.filter(isInRun).map { games[$0] }.filter { results.isOpen($0.index) })
        }
        var batch = try swiss.nextGames(after: ownResults(results))
        batch.games = batch.games.map(shifted)
        return batch
    }

    public func game(at index: Int, after results: ScheduleResults) -> ScheduledGame? {
        guard night.indices.contains(index) else { return nil }
        guard let swiss else { return games[index - night.firstIndex] }
        return swiss.game(at: index - night.firstIndex, after: ownResults(results)).map(shifted)
    }

    /// The night's results as its Swiss rounds number them, from 0.
    func ownResults(_ results: ScheduleResults) -> ScheduleResults {
        var own = ScheduleResults()
        for (index, record) in results.rated where night.indices.contains(index) {
            var record = record
            record.index = index - night.firstIndex
            own.rated[record.index] = record
        }
        for (index, count) in results.attempts where night.indices.contains(index) { own.attempts[index - night.firstIndex] = count }
        own.givenUp = Set(results.givenUp.filter(night.indices.contains).map { $0 - night.firstIndex })
        return own
    }

    /// A Swiss round's game at the night's index, its pairing numbered from the night's first
    /// index (so its fleets are no other night's), its bots' seeds from its index.
    func shifted(_ game: ScheduledGame) -> ScheduledGame {
        ScheduleSeeds.game(
            config, index: night.firstIndex + game.index, pairing: night.firstIndex + game.pairing, duo: game.duo,
            pair: (game.creator, game.joiner), swapped: false
        )
    }
}
