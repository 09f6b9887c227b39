import Foundation
import Histogram
import Testing

@testable import LoadTest

/// The load test's latency histogram (the package's HdrHistogram) against exact percentiles of
/// known data sets, computed here from sorted arrays.
@Suite("Latency histogram")
struct LatencyHistogramTests {
    /// Percentiles as exact fractions, so the expected ranks involve no floating point.
    static let percentiles: [(label: Double, numerator: Int, denominator: Int)] = [
        (0.1, 1, 1000), (25, 1, 4), (50, 1, 2), (90, 9, 10), (99, 99, 100), (99.9, 999, 1000), (99.99, 9999, 10000), (100, 1, 1),
    ]

    /// The nearest-rank percentile of sorted `values`: the value of rank ⌈p·n⌉.
    static func exactPercentile(_ sorted: [Int64], numerator: Int, denominator: Int) -> UInt64 {
        let rank = (numerator * sorted.count + denominator - 1) / denominator
        return UInt64(sorted[max(1, rank) - 1])
    }

    static func histogram(of values: [Int64]) -> LatencyHistogram {
        var histogram = LatencyHistogram()
        for value in values { histogram.record(value) }
        return histogram
    }

    /// Every percentile lies at or above the exact one and within 3 significant digits of it.
    static func expectWithinPrecision(_ values: [Int64], _ comment: String) {
        let sorted = values.sorted()
        let histogram = histogram(of: values)
        #expect(histogram.count == UInt64(values.count))
        #expect(histogram.max == sorted.last.map(UInt64.init))
        #expect(histogram.min == sorted.first.map(UInt64.init))
        #expect(histogram.mean == Double(values.reduce(0, +)) / Double(values.count))
        for percentile in percentiles {
            let exact = exactPercentile(sorted, numerator: percentile.numerator, denominator: percentile.denominator)
            let measured = histogram.valueAtPercentile(percentile.label)
            #expect(measured >= exact, "\(comment) p\(percentile.label): \(measured) below exact \(exact)")
            #expect(Double(measured) - Double(exact) <= Double(exact) / 1000, "\(comment) p\(percentile.label): \(measured) vs exact \(exact)")
            #expect(histogram.histogram.valuesAreEquivalent(measured, exact), "\(comment) p\(percentile.label)")
        }
    }

    @Test("1 to 100,000 once each: percentiles within 0.1% of the exact ones")
    func uniformIntegers() {
        Self.expectWithinPrecision((1...100_000).map { Int64($0) }, "uniform")
    }

    @Test("values below 2,048 are kept exactly")
    func smallValuesAreExact() {
        let values = (0..<5_000).map { Int64(($0 * 7_919) % 2_048) }
        let sorted = values.sorted()
        let histogram = Self.histogram(of: values)
        for percentile in Self.percentiles {
            #expect(
                histogram.valueAtPercentile(percentile.label)
                    == Self.exactPercentile(sorted, numerator: percentile.numerator, denominator: percentile.denominator))
        }
    }

    @Test("log-uniform random latencies from 1 µs to 60 s, seeded: within 0.1%")
    func logUniformRandom() {
        var random = SplitMix(seed: 42)
        let values = (0..<50_000).map { _ in Int64(pow(10, Double(random.next() % 1_000_000) / 1_000_000 * 7.778)) }
        Self.expectWithinPrecision(values, "log-uniform")
    }

    @Test("a fast mode with a few slow outliers: the tail percentiles find the outliers")
    func bimodal() {
        var random = SplitMix(seed: 7)
        var values = (0..<9_950).map { _ in Int64(150 + random.next() % 100) }
        values += [Int64](repeating: 300_000, count: 50)
        Self.expectWithinPrecision(values, "bimodal")
        let histogram = Self.histogram(of: values)
        #expect(histogram.valueAtPercentile(99) < 1_000)
        #expect(histogram.valueAtPercentile(99.9) >= 300_000)
    }

    @Test("merging two halves gives the histogram of the whole")
    func merge() {
        var random = SplitMix(seed: 3)
        let values = (0..<20_000).map { _ in Int64(random.next() % 5_000_000) }
        var first = Self.histogram(of: Array(values[..<7_000]))
        let second = Self.histogram(of: Array(values[7_000...]))
        first.merge(second)
        #expect(first == Self.histogram(of: values))
        #expect(first.count == 20_000)
    }

    @Test("sub-bucket sizes keep 3 significant digits across the range")
    func equivalentRanges() {
        let histogram = LatencyHistogram().histogram
        #expect(histogram.sizeOfEquivalentRangeForValue(1_000) == 1)
        #expect(histogram.sizeOfEquivalentRangeForValue(2_047) == 1)
        #expect(histogram.sizeOfEquivalentRangeForValue(2_048) == 2)
        #expect(histogram.lowestEquivalentForValue(2_049) == 2_048)
        #expect(histogram.highestEquivalentForValue(2_048) == 2_049)
        for value in stride(from: UInt64(2_048), through: 60_000_000, by: 99_991) {
            #expect(histogram.sizeOfEquivalentRangeForValue(value) * 1_000 <= value)
            #expect(histogram.equivalentRangeForValue(value).contains(value))
        }
    }

    @Test("values above a minute are clamped and counted, negative ones count as 0; an empty histogram answers 0")
    func clampingAndEmpty() {
        var histogram = LatencyHistogram()
        #expect(histogram.valueAtPercentile(99) == 0 && histogram.mean == 0 && histogram.max == 0 && histogram.min == 0)
        histogram.record(90_000_000)
        histogram.record(-3)
        #expect(histogram.clampedCount == 1)
        #expect(histogram.max == 60_000_000 && histogram.min == 0)
        #expect(histogram.valueAtPercentile(100) == 60_000_000)
        #expect(histogram.valueAtPercentile(50) == 0)
        #expect(histogram.mean == 30_000_000)
    }
}

/// A small seeded generator for the test data.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
