// Side by side: Salvo's own HdrHistogram (the file LoadTest had, copied in by
// benchmarks/histogram.sh) against HdrHistogram/hdrhistogram-swift's `Histogram`, on the two
// jobs `salvo load` gives a histogram:
//  1. recording: two values per request (latency and service time), as EndpointStatistics
//     does, with the library used the way LoadTest uses it (clamped to the range, exact sum
//     kept beside for the mean);
//     and the same through a lock and a per-endpoint table, as LoadRecorder does per request;
//  2. the report's queries: p50, p90, p99, p99.9 and the percentile curve (52 points at a
//     million requests) of one histogram.
// Rounds alternate which side goes first; prints each side's median and the median of the
// per-round ratios library/own.
// Usage: HistogramBench [rounds] [requests]
import Foundation
import Histogram
import Synchronization

let arguments = CommandLine.arguments
let rounds = arguments.count > 1 ? Int(arguments[1]) ?? 15 : 15
let requests = arguments.count > 2 ? Int(arguments[2]) ?? 1_000_000 : 1_000_000
let highest: Int64 = 60_000_000

/// SplitMix64, so every run records the same values.
struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

// Latencies in microseconds, log-uniform from 100 µs to 100 ms, one in a thousand a 2 s stall;
// the service time is a part of each latency.
var random = SplitMix(state: 2026)
let latencies: [Int64] = (0..<requests).map { index in
    index % 1_000 == 999 ? 2_000_000 : Int64(pow(10, 2 + 3 * Double(random.next() % 1_000_000) / 1_000_000))
}
let serviceTimes: [Int64] = latencies.map { $0 / 2 + 1 }

/// What the load test does with the library: clamp, record, keep the exact sum.
struct LibraryLatencies {
    var histogram = Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: UInt64(highest), numberOfSignificantValueDigits: .three)
    var sum: UInt64 = 0
    mutating func record(_ microseconds: Int64) {
        let value = UInt64(min(max(microseconds, 0), highest))
        histogram.record(value)
        sum &+= value
    }
}

@inline(never)
func recordOwn() -> Int64 {
    var latency = HdrHistogram(lowestDiscernibleValue: 1, highestTrackableValue: highest, significantDigits: 3)
    var service = latency
    for index in latencies.indices {
        latency.recordValue(latencies[index])
        service.recordValue(serviceTimes[index])
    }
    return latency.count + service.max
}

@inline(never)
func recordLibrary() -> Int64 {
    var latency = LibraryLatencies()
    var service = LibraryLatencies()
    for index in latencies.indices {
        latency.record(latencies[index])
        service.record(serviceTimes[index])
    }
    return Int64(latency.histogram.totalCount + service.histogram.maxRecorded)
}

/// Either side, as EndpointStatistics would call it.
protocol LatencyRecording {
    static func empty() -> Self
    mutating func add(_ microseconds: Int64)
    var recorded: Int64 { get }
}

extension HdrHistogram: LatencyRecording {
    static func empty() -> Self { HdrHistogram(lowestDiscernibleValue: 1, highestTrackableValue: highest, significantDigits: 3) }
    mutating func add(_ microseconds: Int64) { recordValue(microseconds) }
    var recorded: Int64 { count }
}

extension LibraryLatencies: LatencyRecording {
    static func empty() -> Self { LibraryLatencies() }
    mutating func add(_ microseconds: Int64) { record(microseconds) }
    var recorded: Int64 { Int64(histogram.totalCount) }
}

/// One endpoint's figures as EndpointStatistics keeps them.
struct Figures<Latencies: LatencyRecording> {
    var requests = 0
    var errors: [String: Int] = [:]
    var latency = Latencies.empty()
    var service = Latencies.empty()

    mutating func record(latency latencyMicroseconds: Int64, serviceTime: Int64) {
        requests += 1
        latency.add(latencyMicroseconds)
        service.add(serviceTime)
    }
}

/// Every request counted under a lock in a table by endpoint (7 of them), as LoadRecorder
/// and LoadStatistics do.
func recordLocked<Latencies: LatencyRecording>(_: Latencies.Type) -> Int64 {
    let table = Mutex<[Int: Figures<Latencies>]>([:])
    for index in latencies.indices {
        table.withLock { $0[index % 7, default: Figures()].record(latency: latencies[index], serviceTime: serviceTimes[index]) }
    }
    return table.withLock { $0.values.reduce(0) { $0 + $1.latency.recorded } }
}

@inline(never)
func recordOwnLocked() -> Int64 { recordLocked(HdrHistogram.self) }

@inline(never)
func recordLibraryLocked() -> Int64 { recordLocked(LibraryLatencies.self) }

/// The percentiles the report asks of one histogram (LoadReport.Percentiles and the curve).
let curvePercentiles: [Double] = (1...50).map { (tenths: Int) -> Double in
    let percentile: Double = 100 * (1 - pow(10, -Double(tenths) / 10))
    return (percentile * 10_000).rounded() / 10_000
}
let reportPercentiles: [Double] = [50, 90, 99, 99.9, 0] + curvePercentiles + [100]

var ownFull = HdrHistogram(lowestDiscernibleValue: 1, highestTrackableValue: highest, significantDigits: 3)
var libraryFull = LibraryLatencies()
for value in latencies {
    ownFull.recordValue(value)
    libraryFull.record(value)
}
let queryRepeats = 20

@inline(never)
func queryOwn() -> Int64 {
    var total: Int64 = 0
    for _ in 0..<queryRepeats {
        for percentile in reportPercentiles { total &+= ownFull.valueAtPercentile(percentile) }
    }
    return total
}

@inline(never)
func queryLibrary() -> Int64 {
    var total: UInt64 = 0
    for _ in 0..<queryRepeats {
        for percentile in reportPercentiles { total &+= libraryFull.histogram.valueAtPercentile(percentile) }
    }
    return Int64(bitPattern: total)
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Times `own` and `library` alternately, `rounds` times each; returns the two medians in
/// nanoseconds per `unit` and the median of the per-round ratios library/own.
func compare(unit: Int, _ own: () -> Int64, _ library: () -> Int64) -> (own: Double, library: Double, ratio: Double, checksum: Int64) {
    let clock = ContinuousClock()
    var ownTimes: [Double] = []
    var libraryTimes: [Double] = []
    var checksum: Int64 = 0
    _ = own()
    _ = library()
    for round in 0..<rounds {
        var ownTime = 0.0
        var libraryTime = 0.0
        for side in round % 2 == 0 ? [0, 1] : [1, 0] {
            let start = clock.now
            checksum &+= side == 0 ? own() : library()
            let elapsed = seconds(clock.now - start) * 1e9 / Double(unit)
            if side == 0 { ownTime = elapsed } else { libraryTime = elapsed }
        }
        ownTimes.append(ownTime)
        libraryTimes.append(libraryTime)
    }
    let ratios = zip(libraryTimes, ownTimes).map { $0 / $1 }
    return (median(ownTimes), median(libraryTimes), median(ratios), checksum)
}

func show(_ name: String, _ unit: String, _ result: (own: Double, library: Double, ratio: Double, checksum: Int64)) {
    func format(_ value: Double) -> String { String(format: "%8.2f", value) }
    let label = name.padding(toLength: 36, withPad: " ", startingAt: 0)
    print("\(label) own \(format(result.own)) \(unit)   library \(format(result.library)) \(unit)   library/own \(format(result.ratio))   (checksum \(result.checksum % 1000))")
}

// The two sides must agree before their speed means anything.
for percentile in reportPercentiles where Int64(libraryFull.histogram.valueAtPercentile(percentile)) != ownFull.valueAtPercentile(percentile) {
    print("p\(percentile): own \(ownFull.valueAtPercentile(percentile)), library \(libraryFull.histogram.valueAtPercentile(percentile))")
}
print("\(requests) requests (2 values each), \(rounds) rounds alternating, medians")
show("record, per request (2 values)", "ns", compare(unit: requests, recordOwn, recordLibrary))
show("record via lock + table, per request", "ns", compare(unit: requests, recordOwnLocked, recordLibraryLocked))
show("report queries, per histogram (\(reportPercentiles.count))", "µs", compare(unit: queryRepeats * 1_000, queryOwn, queryLibrary))
