/// A format whose tournament of `bots_from:` submissions is a season: run again into its
/// folder, it plays only what new versions miss (``SeasonPlan``). Round robins and Swiss
/// tournaments are; a gauntlet and a sequential test are not.
public protocol SeasonableScheduler: Scheduler {
    /// How a season of this format plays a new night: nil for the games the new versions miss
    /// (a round robin's), or that many Swiss rounds over the current versions.
    var seasonSwissRounds: Int? { get }
}

extension Scheduler {
    /// Whether a tournament of `bots_from:` submissions in this format is a season.
    public var playsAsSeason: Bool { self is any SeasonableScheduler }
}
