import Foundation
import Testing

@testable import LoadTest

/// Load tests past one machine: histograms kept losslessly in load.json, shards added up
/// exactly, and requirements that a CI pipeline grades a server by.
@Suite("Load shards and requirements")
struct LoadShardMergeTests {
    /// Latencies with a long tail, from a fixed generator.
    static func latencies(count: Int, seed: UInt64, scale: Double) -> [Int64] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let uniform = Double(state >> 11) / Double(1 << 53)
            return Int64(scale * -log(1 - uniform * 0.999_999)) + 1
        }
    }

    static func histogram(_ values: [Int64]) -> LatencyHistogram {
        var histogram = LatencyHistogram()
        for value in values { histogram.record(value) }
        return histogram
    }

    static func roundTrip<T: Codable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    static let checkedPercentiles: [Double] = [0, 0.1, 1, 10, 25, 50, 75, 90, 95, 99, 99.5, 99.9, 99.99, 99.999, 100]

    @Test(
        "a histogram read back from load.json gives every percentile, the count, minimum, maximum and mean it gave before",
        arguments: [1, 2, 7, 5_000])
    func losslessRoundTrip(count: Int) throws {
        let original = Self.histogram(Self.latencies(count: count, seed: UInt64(count), scale: 3_000))
        let decoded = try Self.roundTrip(original)
        #expect(decoded.count == original.count && decoded.min == original.min && decoded.max == original.max)
        #expect(decoded.sum == original.sum && decoded.mean == original.mean)
        for percentile in Self.checkedPercentiles {
            #expect(decoded.valueAtPercentile(percentile) == original.valueAtPercentile(percentile), "p\(percentile)")
        }
    }

    @Test("shards' histograms read back and merged give every percentile of one histogram of all the values")
    func mergeIsExact() throws {
        let parts: [[Int64]] = (0..<3).map { (part: Int) -> [Int64] in
            Self.latencies(count: 4_000 + 1_000 * part, seed: UInt64(10 + part), scale: 1_000 * Double(part + 1))
        }
        let whole = Self.histogram(parts.flatMap { $0 })
        var merged = LatencyHistogram()
        for part in parts { merged.merge(try Self.roundTrip(Self.histogram(part))) }
        #expect(merged.count == whole.count && merged.min == whole.min && merged.max == whole.max && merged.mean == whole.mean)
        for percentile in Self.checkedPercentiles {
            #expect(merged.valueAtPercentile(percentile) == whole.valueAtPercentile(percentile), "p\(percentile)")
        }
    }

    /// A load report of `count` guesses each taking `microseconds`, as shard `shard`.
    static func report(guesses count: Int, microseconds: Int64, shard: String, elapsed: Double, failures: Int = 0) -> LoadReport {
        var statistics = LoadStatistics()
        for index in 0..<count {
            statistics.record(.guess, latency: microseconds, serviceTime: microseconds, error: index < failures ? .timeout : nil, detail: "late")
        }
        let settings = LoadReport.Settings(
            games: 10, durationSeconds: nil, concurrency: 4, rate: nil, bot: "hunt-target", endpoint: nil, seed: 1, requestTimeoutSeconds: 5,
            listEvery: 20)
        var report = LoadReport(
            statistics: statistics, seconds: elapsed, startedAt: "2026-11-25T04:00:0\(shard.first!)Z", settings: settings,
            server: "http://10.0.0.1:8080", embeddedServer: false, mode: "games")
        report.shard = shard
        return report
    }

    @Test("merged shards' percentiles are those of all requests, never averages: 900 fast and 100 slow requests have a p50 of the fast ones")
    func percentilesAreNotAveraged() throws {
        let fast = try Self.roundTrip(Self.report(guesses: 900, microseconds: 1_000, shard: "0/2", elapsed: 2))
        let slow = try Self.roundTrip(Self.report(guesses: 100, microseconds: 100_000, shard: "1/2", elapsed: 4, failures: 3))
        let merged = try LoadReport.merged([("a", fast), ("b", slow)])
        #expect(merged.total.requests == 1_000)
        #expect(merged.total.latency.p50 == 1.0, "an average of the shards' p50 would be 50.5 ms")
        #expect(merged.total.latency.p90 == 1.0)
        #expect(abs(merged.total.latency.p99 - 100) < 0.1)
        #expect(merged.total.errors["timeout"] == 3)
        #expect(merged.elapsedSeconds == 5, "from 04:00:00 for 2 s and from 04:00:01 for 4 s: 5 s when any ran")
        #expect(merged.timingWarning == nil, "they ran together from 04:00:01 to 04:00:02")
        #expect(merged.total.requestsPerSecond == 200, "1,000 requests over those 5 s")
        #expect(merged.settings.games == 20 && merged.settings.concurrency == 8)
        #expect(merged.startedAt == "2026-11-25T04:00:00Z")
        #expect(merged.shards == 2)
    }

    @Test(
        "the time of shards is the union of their spans: together they count once, one after the other each, and a warning says they never ran together"
    )
    func timeSpans() {
        let start = Date(timeIntervalSinceReferenceDate: 1_000)
        let together = ShardTimeSpans([(start, 10), (start + 2, 10), (start + 1, 5)])
        #expect(together.busySeconds == 12 && together.allOverlap && together.warning == nil)
        let apart = ShardTimeSpans([(start, 10), (start + 30, 10)])
        #expect(apart.busySeconds == 20 && !apart.allOverlap && apart.wallSeconds == 40)
        #expect(apart.warning?.contains("over the 20.0 s when any shard was running (of 40.0 s") == true, "\(apart.warning ?? "")")
        // A chain: each overlaps the next, but no instant has all three.
        let chain = ShardTimeSpans([(start, 10), (start + 5, 10), (start + 12, 8)])
        #expect(chain.busySeconds == 20 && !chain.allOverlap)
        #expect(ShardTimeSpans([(start, 3)]).allOverlap && ShardTimeSpans([(start, 3)]).busySeconds == 3)
    }

    @Test("shards of different loads or servers, or without measurements, are refused, naming the file")
    func refusesMismatches() throws {
        let first = Self.report(guesses: 10, microseconds: 1_000, shard: "0/2", elapsed: 1)
        var other = Self.report(guesses: 10, microseconds: 1_000, shard: "1/2", elapsed: 1)
        other.server = "http://10.0.0.2:8080"
        #expect(throws: LoadReport.MergeFailure.self) { try LoadReport.merged([("a", first), ("b", other)]) }
        var old = other
        old.server = first.server
        old.measurements = nil
        #expect { try LoadReport.merged([("a", first), ("b/load.json", old)]) } throws: { error in
            "\(error)".contains("b/load.json has no measurements")
        }
    }

    @Test("requirements are read, and each broken one is one line naming what was measured")
    func requirements() throws {
        let report = Self.report(guesses: 1_000, microseconds: 40_000, shard: "0/1", elapsed: 10, failures: 5)
        let kept = try LoadRequirement.parseList(
            "p99<50ms, guess:p50<=41ms, errors<10, error-rate<1%, rps>=100, max<0.05s, p50>39999us, p95<=40.1ms, mean<41ms")
        #expect(kept.count == 9)
        #expect(kept.compactMap { $0.brokenBy(report) } == [])
        let broken = try LoadRequirement.parseList("p99<30ms,p95<5ms,errors=0,rps>200,status:p99<1ms,games/s>=1")
        #expect(
            broken.compactMap { $0.brokenBy(report) } == [
                "p99<30ms: broken, measured 40ms",
                "p95<5ms: broken, measured 40ms",
                "errors=0: broken, measured 5",
                "rps>200: broken, measured 100 requests/s",
                "status:p99<1ms: broken, status sent no request",
                "games/s>=1: broken, measured 0 games/s",
            ])
        for bad in ["p99", "p98<5ms", "latency<5ms", "p99<fast", "nowhere:p99<5", "guess:games/s>1", ""] {
            #expect(throws: LoadRequirement.ParseError.self, "\(bad)") { try LoadRequirement.parseList(bad) }
        }
    }
}
