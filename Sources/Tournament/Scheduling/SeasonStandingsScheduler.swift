/// A scheduler whose standings count other games than the ones it plays: a season's night
/// (``SeasonScheduler``), whose standings are every night's games between current versions.
public protocol SeasonStandingsScheduler: Scheduler {
    /// How many rated games the standings count once every game is played.
    var currentGames: Int { get }

    /// Whether `record`, of any night, is a game between current versions.
    func isCurrent(_ record: GameRecord) -> Bool
}

extension Scheduler {
    /// How many rated games the standings count once every game is played: ``plannedGames``,
    /// or a season night's whole round robin of its current versions.
    public var standingsGames: Int {
        (self as? any SeasonStandingsScheduler)?.currentGames ?? plannedGames
    }

    /// Whether `record` counts in the standings: every game, or a season's between current
    /// versions.
    public func countsInStandings(_ record: GameRecord) -> Bool {
        (self as? any SeasonStandingsScheduler)?.isCurrent(record) ?? true
    }
}
