/// A histogram as `load.json` keeps it for `salvo merge`: every non-empty bucket as
/// `[value, count]` (the bucket's lowest value), the exact minimum, maximum and sum, and the
/// count of clamped values. Decoding gives back the same buckets, minimum, maximum and sum,
/// so every percentile of a decoded histogram, and of a merge of decoded histograms, is what
/// the original would have given: merging is exact at the histogram's precision, and no
/// percentile is ever averaged.
///
/// ```json
/// {"buckets":[[812,3],[1020,41]],"min":812,"max":1022,"sum":46390,"clamped":0}
/// ```
extension LatencyHistogram: Codable {
    enum CodingKeys: String, CodingKey {
        case buckets, min, max, sum, clamped
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var buckets: [[UInt64]] = []
        for bucket in histogram.recordedValues() {
            buckets.append([histogram.lowestEquivalentForValue(bucket.value), bucket.count])
        }
        try container.encode(buckets, forKey: .buckets)
        try container.encode(min, forKey: .min)
        try container.encode(max, forKey: .max)
        try container.encode(sum, forKey: .sum)
        try container.encode(clampedCount, forKey: .clamped)
    }

    public init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let buckets = try container.decode([[UInt64]].self, forKey: .buckets)
        let minimum = try container.decode(UInt64.self, forKey: .min)
        let maximum = try container.decode(UInt64.self, forKey: .max)
        // The exact extremes go into their own buckets once each, so the histogram tracks them again.
        var extremes = buckets.isEmpty ? [] : [minimum, maximum]
        if buckets.map({ $0.count == 2 ? $0[1] : 0 }).reduce(0, +) == 1 { extremes = [maximum] }
        for bucket in buckets {
            guard bucket.count == 2, bucket[1] > 0, bucket[0] <= Self.highestTrackableValue else {
                throw DecodingError.dataCorruptedError(
                    forKey: .buckets, in: container,
                    debugDescription: "a bucket is not [value, count] with a value up to \(Self.highestTrackableValue) µs")
            }
            var count = bucket[1]
            while count > 0, let exact = extremes.firstIndex(where: { histogram.valuesAreEquivalent($0, bucket[0]) }) {
                histogram.record(extremes.remove(at: exact))
                count -= 1
            }
            if count > 0 { histogram.record(bucket[0], count: count) }
        }
        guard extremes.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .min, in: container, debugDescription: "the minimum or maximum lies in no bucket")
        }
        sum = try container.decode(UInt64.self, forKey: .sum)
        clampedCount = try container.decode(UInt64.self, forKey: .clamped)
    }
}
