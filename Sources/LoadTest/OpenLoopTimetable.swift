import DurationUnits

/// The fixed timetable of an open-loop run (`--rate R`): request number k of the run
/// (k = 0, 1, 2, …) is due at `start + k / R`.
///
/// Pure arithmetic; ``TimetableTickets`` hands out the request numbers. Latency is measured
/// from the due time, not the actual send time, so when the server (or the load generator)
/// stalls, every request that should have gone out during the stall is charged the time it
/// waited: the correction for coordinated omission (as in wrk2).
///
/// ```swift
/// let timetable = OpenLoopTimetable(requestsPerSecond: 4)
/// timetable.offset(ofRequest: 6)  // 1.5 seconds
/// timetable.requestsDue(within: .seconds(1))  // 4: requests 0, 1, 2, 3
/// ```
public struct OpenLoopTimetable: Sendable, Hashable {
    /// Requests per second, more than 0.
    public let requestsPerSecond: Double

    /// A timetable of `requestsPerSecond` requests per second (more than 0).
    public init(requestsPerSecond: Double) {
        precondition(requestsPerSecond > 0 && requestsPerSecond.isFinite, "the rate must be a positive number")
        self.requestsPerSecond = requestsPerSecond
    }

    /// When request `k` is due, after the start of the run: k / R seconds, to the nearest
    /// nanosecond.
    public func offset(ofRequest k: Int) -> Duration {
        .nanoseconds(Int64((Double(k) * 1e9 / requestsPerSecond).rounded()))
    }

    /// How many requests are due strictly before `elapsed` after the start: the number of
    /// k ≥ 0 with offset(k) < elapsed.
    public func requestsDue(within elapsed: Duration) -> Int {
        guard elapsed > .zero else { return 0 }
        // An estimate from the rate, corrected for rounding at the edge.
        var k = Int((elapsed.seconds * requestsPerSecond).rounded(.down))
        while k > 0, offset(ofRequest: k - 1) >= elapsed { k -= 1 }
        while offset(ofRequest: k) < elapsed { k += 1 }
        return k
    }

    /// The latency charged to request `k` that ended `ended` after the start: from its due
    /// time, whenever it was actually sent. Never negative.
    public func latency(ofRequest k: Int, endedAt ended: Duration) -> Duration {
        max(.zero, ended - offset(ofRequest: k))
    }

    /// How long a request that is ready at `ready` after the start must wait before it may go
    /// out as request `k`: until its due time, or not at all when it is late.
    public func wait(forRequest k: Int, readyAt ready: Duration) -> Duration {
        max(.zero, offset(ofRequest: k) - ready)
    }
}
