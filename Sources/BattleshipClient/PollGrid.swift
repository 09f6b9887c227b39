import DurationUnits

/// When a poller's regular polls are due: at its origin, then every interval after it, like a
/// metronome. A tick that passed while a poll was in flight is skipped, not made up.
///
/// A grid, rather than "an interval after the last poll", keeps a player's phase fixed when it
/// makes an extra poll (right after firing, or when woken): two players polling each other
/// then keep the distance between their phases, instead of re-aligning after every shot until
/// each polls just before the other's shot lands and every hand-off takes a whole interval.
public struct PollGrid: Sendable, Equatable {
    /// The first tick.
    public let origin: ContinuousClock.Instant
    /// The time between two ticks.
    public let interval: Duration

    public init(origin: ContinuousClock.Instant, interval: Duration) {
        precondition(interval > .zero, "a poll interval must be positive")
        self.origin = origin
        self.interval = interval
    }

    /// The first tick strictly after `instant`.
    public func tick(after instant: ContinuousClock.Instant) -> ContinuousClock.Instant {
        if instant < origin { return origin }
        // Whole intervals elapsed, counted in nanoseconds (exact, unlike Duration's division).
        let ticks = (instant - origin).wholeNanoseconds / interval.wholeNanoseconds + 1
        return origin + interval * ticks
    }
}
