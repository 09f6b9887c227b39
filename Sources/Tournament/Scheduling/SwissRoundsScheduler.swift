/// A scheduler that may play Swiss rounds (a Swiss tournament, a Swiss season's night): each
/// round is paired from the standings after the rounds before, so a report recomputes the
/// rounds from the rated records themselves and keeps them, slimmed.
public protocol SwissRoundsScheduler: Scheduler {
    /// The Swiss rounds as `results` place them; nil when this one plays none (a round
    /// robin's season night).
    func swissRounds(after results: ScheduleResults) -> SwissProgress?

    /// Whether it plays Swiss rounds, so that its results are recomputed from the rated
    /// records.
    var playsSwissRounds: Bool { get }
}

extension Scheduler {
    /// The Swiss rounds as `results` place them, for a scheduler that plays them; nil for the
    /// others.
    public func swissProgress(after results: ScheduleResults) -> SwissProgress? {
        (self as? any SwissRoundsScheduler)?.swissRounds(after: results)
    }

    /// Whether its results are recomputed from the rated records themselves (Swiss rounds).
    public var recomputesFromRecords: Bool {
        (self as? any SwissRoundsScheduler)?.playsSwissRounds ?? false
    }
}
