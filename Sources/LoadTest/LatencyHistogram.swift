import Histogram

/// Latencies in microseconds, from 1 µs to 1 minute, in an HdrHistogram (the package
/// `HdrHistogram/hdrhistogram-swift`) with 3 significant digits, so every percentile is within
/// 0.1% of the exact one; the count, the exact sum (for the mean) and the exact maximum are
/// kept too.
///
/// ```swift
/// var latencies = LatencyHistogram()
/// latencies.record(1_234)
/// latencies.valueAtPercentile(99)  // 1_234 (within 0.1%)
/// ```
///
/// A value above a minute counts as a minute (``clampedCount`` says how many did), a negative
/// one as 0.
public struct LatencyHistogram: Sendable, Hashable {
    /// The largest value recorded as itself: one minute.
    public static let highestTrackableValue: UInt64 = 60_000_000

    /// The buckets; ``valueAtPercentile(_:)`` asks them.
    public internal(set) var histogram = Histogram<UInt64>(
        lowestDiscernibleValue: 1, highestTrackableValue: highestTrackableValue, numberOfSignificantValueDigits: .three
    )
    /// The sum of the recorded values (after clamping), for the exact mean.
    public internal(set) var sum: UInt64 = 0
    /// How many recorded values were above ``highestTrackableValue`` and clamped to it.
    public internal(set) var clampedCount: UInt64 = 0

    /// An empty histogram.
    public init() {}

    /// Counts `microseconds` once.
    public mutating func record(_ microseconds: Int64) {
        var value = UInt64(Swift.max(0, microseconds))
        if value > Self.highestTrackableValue {
            value = Self.highestTrackableValue
            clampedCount += 1
        }
        histogram.record(value)
        sum += value
    }

    /// Adds every value of `other`.
    public mutating func merge(_ other: LatencyHistogram) {
        histogram.add(other.histogram)
        sum += other.sum
        clampedCount += other.clampedCount
    }

    /// How many values were recorded.
    public var count: UInt64 { histogram.totalCount }
    /// The smallest recorded value; 0 when empty.
    public var min: UInt64 { histogram.min }
    /// The largest recorded value (after clamping); 0 when empty.
    public var max: UInt64 { histogram.maxRecorded }
    /// The exact mean of the recorded values, or 0 when empty.
    public var mean: Double { count == 0 ? 0 : Double(sum) / Double(count) }

    /// The value below or at which `percentile` percent of the recorded values lie, by the
    /// nearest-rank definition (the value of rank ⌈p/100 · count⌉), given as the highest value
    /// equivalent to it within the precision and never above ``max``; 0 when empty, the
    /// minimum at percentile 0.
    public func valueAtPercentile(_ percentile: Double) -> UInt64 {
        histogram.valueAtPercentile(percentile)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        hasher.combine(sum)
        hasher.combine(max)
    }
}
