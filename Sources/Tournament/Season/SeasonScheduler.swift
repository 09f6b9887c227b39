/// The scheduler of one night of a season (``SeasonNight``).
///
/// - A round robin's night: the games its current versions were missing when it began, in
///   one batch. Each game's fleets come from its two versions
///   (``ScheduleSeeds/seasonFleetSeeds(_:identity:)``), its bots' seeds from its index, which
///   no other night shares.
/// - A Swiss season's night (``SeasonNight/swiss``): that many Swiss rounds over the night's
///   current versions, paired as a Swiss tournament of its own pairs them (``SwissScheduler``,
///   lots drawn anew each night), its games moved to the night's indices, with fleets and bot
///   seeds of their own (pairings numbered from the night's first index on).
public struct SeasonScheduler: Scheduler {
    /// The configuration, its bots the night's (``SeasonNight/bots``).
    public let config: TournamentConfig
    public let night: SeasonNight
    /// A round robin's night's games, in order.
    let games: [ScheduledGame]
    /// A Swiss night's rounds, as a Swiss tournament from index 0 (``shifted(_:)`` moves them).
    let swiss: SwissScheduler?

    public init(config: TournamentConfig, night: SeasonNight) {
        var config = config
        config.bots = night.bots
        self.config = config
        self.night = night
        if let rounds = night.swiss {
            var inner = config
            inner.seasonNight = nil
            inner.rounds = rounds.rounds
            inner.seed = ScheduleSeeds.mix(config.seed, 0x5EA5_0D00, UInt64(night.number))
            swiss = SwissScheduler(config: inner)
            games = []
            return
        }
        swiss = nil
        // One pairing number per pair of entries, for the rule that a reused process never
        // plays both games of a mirrored pair.
        var pairings: [[Int]: Int] = [:]
        games = night.games.enumerated().map { position, game in
            let pairing = pairings[[game.first, game.second]] ?? pairings.count
            pairings[[game.first, game.second]] = pairing
            return ScheduleSeeds.game(
                config, index: night.firstIndex + position, pairing: pairing, duo: game.round / 2, pair: (game.first, game.second),
                swapped: game.round % 2 == 1, fleets: ScheduleSeeds.seasonFleetSeeds(config, identity: night.identity(of: game))
            )
        }
    }

    public var plannedGames: Int { night.indices.count }
    public var playsAsSeason: Bool { true }
    public var standingsGames: Int {
        if let rounds = night.swiss { return rounds.carried + rounds.games }
        return night.roundRobinGames(gamesPerPairing: config.gamesPerPairing)
    }

    /// A Swiss night's rounds are paired from its own results: a report recomputes them.
    public var recomputesFromRecords: Bool { swiss != nil }

    /// A Swiss night's rounds, its games at the night's indices.
    public func swissProgress(after results: ScheduleResults) -> SwissProgress? {
        swiss?.progress(after: ownResults(results)).movingGames(shifted)
    }

    public func countsInStandings(_ record: GameRecord) -> Bool {
        night.isCurrent(record)
    }

    public var headline: String {
        if let rounds = night.swiss {
            return "\(night.bots.count) entries, season night \(night.number), swiss, \(rounds.rounds) rounds, \(config.gamesPerPairing) games per pairing"
        }
        return "\(night.bots.count) entries, season night \(night.number), round-robin, \(config.gamesPerPairing) games per pairing"
    }

    public var shardingObstacle: String? {
        "a season's night is played by one run, into the season's own folder"
    }

    public func nextGames(after results: ScheduleResults) throws(ScheduleError) -> ScheduleBatch {
        guard let swiss else { return ScheduleBatch(games: games.filter { results.isOpen($0.index) }) }
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
