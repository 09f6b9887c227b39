import Foundation

/// A load run second by second: requests, failed requests, and the latency's p50 and p99 of
/// the successful requests that ended in each second after the first reply, to see warm-up, a leak or a
/// pause that the whole run's percentiles hide (as k6's results over time). Each second keeps
/// a coarse histogram of its own, buckets 5% apart, so its percentiles are within 5% (the
/// whole run's stay HdrHistogram's, within 0.1%).
///
/// ```swift
/// var timeline = LoadTimeline()
/// timeline.record(second: 0, latency: 1_200, failed: false)
/// timeline.points   // [LoadTimeline.Point(second: 0, requests: 1, errors: 0, p50: 1.2, p99: 1.2)]
/// ```
///
/// A second in which no request succeeded has no latency: its `p50` and `p99` are nil (absent
/// from load.json, a gap in load.html's chart), never 0, so a server that died mid-run does not
/// look like one that answered in no time.
public struct LoadTimeline: Sendable, Hashable {
    /// One second of the run, as load.json gives it.
    public struct Point: Codable, Sendable, Hashable {
        /// Seconds after the first reply.
        public var second: Int
        public var requests: Int
        public var errors: Int
        /// Milliseconds, of the second's successful requests; nil when none succeeded.
        public var p50: Double?
        public var p99: Double?

        public init(second: Int, requests: Int, errors: Int, p50: Double?, p99: Double?) {
            self.second = second
            self.requests = requests
            self.errors = errors
            self.p50 = p50
            self.p99 = p99
        }
    }

    /// The longest run drawn second by second; later seconds are not kept (a longer run's
    /// whole figures are still exact).
    public static let maximumSeconds = 3_600
    /// Buckets of latency: bucket b holds latencies up to 1.05^b microseconds.
    static let ratio = 1.05
    static let bucketCount = 400

    struct Second: Sendable, Hashable {
        var requests = 0
        var errors = 0
        var buckets = [UInt32](repeating: 0, count: LoadTimeline.bucketCount)
    }

    private(set) var seconds: [Second] = []

    public init() {}

    static func bucket(_ microseconds: Int64) -> Int {
        guard microseconds > 1 else { return 0 }
        return min(bucketCount - 1, Int((log(Double(microseconds)) / log(ratio)).rounded(.up)))
    }

    /// The upper bound of `bucket`, in milliseconds.
    static func milliseconds(ofBucket bucket: Int) -> Double {
        pow(ratio, Double(bucket)).rounded() / 1_000
    }

    public mutating func record(second: Int, latency microseconds: Int64, failed: Bool) {
        guard second >= 0, second < Self.maximumSeconds else { return }
        while seconds.count <= second { seconds.append(Second()) }
        seconds[second].requests += 1
        if failed {
            seconds[second].errors += 1
        } else {
            seconds[second].buckets[Self.bucket(microseconds)] += 1
        }
    }

    /// Every second from the first reply to the last, empty ones included.
    public var points: [Point] {
        seconds.enumerated().map { index, second in
            Point(
                second: index, requests: second.requests, errors: second.errors, p50: Self.percentile(50, of: second),
                p99: Self.percentile(99, of: second))
        }
    }

    /// The nearest-rank percentile of a second's buckets, as its bucket's upper bound; nil when
    /// no request of the second succeeded.
    static func percentile(_ percentile: Double, of second: Second) -> Double? {
        let succeeded = second.requests - second.errors
        guard succeeded > 0 else { return nil }
        let rank = max(1, Int((percentile / 100 * Double(succeeded)).rounded(.up)))
        var seen = 0
        for (bucket, count) in second.buckets.enumerated() where count > 0 {
            seen += Int(count)
            if seen >= rank { return milliseconds(ofBucket: bucket) }
        }
        return nil
    }
}
