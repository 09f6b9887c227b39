import Foundation

/// When the shards of a load test ran, each from its start for its elapsed time: the time any
/// of them was running (the union of their spans), over which their requests are divided, and
/// whether they ever all ran at once. Pure: the dates come in.
///
/// Two shards run one after the other each measured their own rate; dividing both shards'
/// requests by one shard's duration would report a throughput that never happened.
///
/// ```swift
/// let spans = ShardTimeSpans([(start: t0, seconds: 10), (start: t0 + 20, seconds: 10)])
/// spans.busySeconds     // 20: the rate is requests / 20 s
/// spans.allOverlap      // false: the report warns
/// ```
public struct ShardTimeSpans: Sendable {
    /// The seconds during which at least one shard was running.
    public let busySeconds: Double
    /// Whether some instant had every shard running.
    public let allOverlap: Bool
    /// From the first shard's start to the last one's end.
    public let wallSeconds: Double

    public init(_ spans: [(start: Date, seconds: Double)]) {
        let intervals = spans.map {
            (start: $0.start.timeIntervalSinceReferenceDate, end: $0.start.timeIntervalSinceReferenceDate + max(0, $0.seconds))
        }
        .sorted { $0.start < $1.start }
        var busy = 0.0
        var current: (start: Double, end: Double)?
        for interval in intervals {
            if let open = current, interval.start <= open.end {
                current = (open.start, max(open.end, interval.end))
            } else {
                if let open = current { busy += open.end - open.start }
                current = interval
            }
        }
        if let open = current { busy += open.end - open.start }
        busySeconds = busy
        let latestStart = intervals.map(\.start).max() ?? 0
        let earliestEnd = intervals.map(\.end).min() ?? 0
        allOverlap = intervals.count <= 1 || latestStart < earliestEnd
        wallSeconds = (intervals.map(\.end).max() ?? 0) - (intervals.map(\.start).min() ?? 0)
    }

    /// The warning a merged report carries when the shards never all ran at once; nil when they did.
    public var warning: String? {
        guard !allOverlap else { return nil }
        return String(
            format:
                "the shards did not all run at the same time: the rates are over the %.1f s when any shard was running (of %.1f s from the first start to the last end), and the server never took their load together",
            busySeconds, wallSeconds
        )
    }
}
