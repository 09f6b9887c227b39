/// A scheduler whose tournament may end before all its games are played (a sequential test,
/// ``SPRTScheduler``). The runner asks it after every rated game.
public protocol EarlyEndingScheduler: Scheduler {
    /// The event that ends the tournament before all its games are played (a sequential
    /// test that has decided); nil while it goes on.
    func endingEvent(after results: ScheduleResults) -> ProgressEvent?
}

extension Scheduler {
    /// ``EarlyEndingScheduler/endingEvent(after:)`` for a scheduler that may end early; nil for
    /// the others, which end with their last game.
    public func earlyEnd(after results: ScheduleResults) -> ProgressEvent? {
        (self as? any EarlyEndingScheduler)?.endingEvent(after: results)
    }
}
