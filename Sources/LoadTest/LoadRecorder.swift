import Synchronization

/// The run's statistics, shared by every game: each request and each game's end is counted
/// here, under a lock, and the progress line reads running totals from it.
public final class LoadRecorder: Sendable {
    /// Running totals for a progress line.
    public struct Snapshot: Sendable, Hashable {
        public var requests: Int
        public var errors: Int
        public var gamesStarted: Int
        public var gamesFinished: Int
    }

    private let state = Mutex(LoadStatistics())
    /// The run second by second, from the first reply.
    private let seconds = Mutex<(first: ContinuousClock.Instant?, timeline: LoadTimeline)>((nil, LoadTimeline()))

    public init() {}

    /// Counts one request of `endpoint`, latencies in microseconds, in the second it ended.
    func record(_ endpoint: Endpoint, latency: Int64, serviceTime: Int64, error: LoadErrorKind?, detail: @autoclosure () -> String) {
        let text = error == nil ? "" : detail()
        state.withLock { $0.record(endpoint, latency: latency, serviceTime: serviceTime, error: error, detail: text) }
        let now = ContinuousClock.now
        seconds.withLock { seconds in
            let first = seconds.first ?? now
            seconds.first = first
            seconds.timeline.record(second: Int((now - first).components.seconds), latency: latency, failed: error != nil)
        }
    }

    /// The run second by second so far.
    public var timeline: LoadTimeline {
        seconds.withLock { $0.timeline }
    }

    /// Counts one game's end.
    func record(_ outcome: LoadGameOutcome) {
        state.withLock { $0.record(outcome) }
    }

    /// The totals so far.
    public var snapshot: Snapshot {
        state.withLock { statistics in
            Snapshot(
                requests: statistics.totalRequests,
                errors: statistics.totalErrors,
                gamesStarted: statistics.gamesStarted,
                gamesFinished: statistics.gamesFinished
            )
        }
    }

    /// A copy of everything measured so far.
    public var statistics: LoadStatistics {
        state.withLock { $0 }
    }
}
