import Testing
@testable import LoadTest

/// The run second by second (issue 43: results over time, as k6 gives them).
@Suite("Load timeline")
struct LoadTimelineTests {
    @Test("each second counts its requests and errors; its p50 and p99 are within 5%; an empty second is kept as zeros")
    func seconds() {
        var timeline = LoadTimeline()
        for latency in 1...100 { timeline.record(second: 0, latency: Int64(latency * 1_000), failed: latency > 98) }
        timeline.record(second: 2, latency: 250_000, failed: false)
        let points = timeline.points
        #expect(points.map(\.second) == [0, 1, 2])
        #expect(points.map(\.requests) == [100, 0, 1])
        #expect(points.map(\.errors) == [2, 0, 0])
        // Of the 98 successful requests (1 to 98 ms; the failed ones' 99 and 100 ms are not
        // latencies of replies): exact p50 49 ms, p99 98 ms; each bucket's bound is at most 5% above.
        #expect(points[0].p50 >= 49 && points[0].p50 <= 51.45, "\(points[0])")
        #expect(points[0].p99 >= 98 && points[0].p99 <= 102.9, "\(points[0])")
        #expect(points[1].p50 == 0 && points[1].p99 == 0)
        #expect(points[2].p50 >= 250 && points[2].p50 <= 262.5)
    }

    @Test("a second past the longest kept, or before the first, is left out; latencies past the last bucket land in it")
    func limits() {
        var timeline = LoadTimeline()
        timeline.record(second: LoadTimeline.maximumSeconds, latency: 1, failed: false)
        timeline.record(second: -1, latency: 1, failed: false)
        #expect(timeline.points.isEmpty)
        timeline.record(second: 0, latency: Int64.max, failed: false)
        #expect(timeline.points.first?.requests == 1 && (timeline.points.first?.p99 ?? 0) > 100_000)
        // A second whose every request failed has no latency to show.
        timeline.record(second: 1, latency: 5_000_000, failed: true)
        #expect(timeline.points.last?.errors == 1 && timeline.points.last?.p99 == 0)
    }
}
