/// The scheduler of one night of a season (``SeasonNight``): the games its current versions
/// were missing when it began, in one batch. Each game's fleets come from its two versions
/// (``ScheduleSeeds/seasonFleetSeeds(_:identity:)``), its bots' seeds from its index, which
/// no other night shares.
public struct SeasonScheduler: Scheduler {
    /// The configuration, its bots the night's (``SeasonNight/bots``).
    public let config: TournamentConfig
    public let night: SeasonNight
    /// The night's games, in order.
    let games: [ScheduledGame]

    public init(config: TournamentConfig, night: SeasonNight) {
        var config = config
        config.bots = night.bots
        self.config = config
        self.night = night
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

    public var plannedGames: Int { games.count }
    public var playsAsSeason: Bool { true }
    public var standingsGames: Int { night.roundRobinGames(gamesPerPairing: config.gamesPerPairing) }

    public func countsInStandings(_ record: GameRecord) -> Bool {
        night.isCurrent(record)
    }

    public var headline: String {
        "\(night.bots.count) entries, season night \(night.number), round-robin, \(config.gamesPerPairing) games per pairing"
    }

    public var shardingObstacle: String? {
        "a season's night is played by one run, into the season's own folder"
    }

    public func nextGames(after results: ScheduleResults) -> ScheduleBatch {
        ScheduleBatch(games: games.filter { results.isOpen($0.index) })
    }

    public func game(at index: Int, after results: ScheduleResults) -> ScheduledGame? {
        night.indices.contains(index) ? games[index - night.firstIndex] : nil
    }
}
