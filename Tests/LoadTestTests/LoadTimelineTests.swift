import Testing

@testable import LoadTest

/// The run second by second (issue 43: results over time, as k6 gives them).
@Suite("Load timeline")
struct LoadTimelineTests {
    @Test("each second counts its requests and errors; its p50 and p99 are within 5%; an empty second is kept, with no latency")
    func seconds() throws {
        var timeline = LoadTimeline()
        for latency in 1...100 { timeline.record(second: 0, latency: Int64(latency * 1_000), failed: latency > 98) }
        timeline.record(second: 2, latency: 250_000, failed: false)
        let points = timeline.points
        #expect(points.map(\.second) == [0, 1, 2])
        #expect(points.map(\.requests) == [100, 0, 1])
        #expect(points.map(\.errors) == [2, 0, 0])
        // Of the 98 successful requests (1 to 98 ms; the failed ones' 99 and 100 ms are not
        // latencies of replies): exact p50 49 ms, p99 98 ms; each bucket's bound is at most 5% above.
        let p50 = try #require(points[0].p50)
        let p99 = try #require(points[0].p99)
        #expect(p50 >= 49 && p50 <= 51.45, "\(points[0])")
        #expect(p99 >= 98 && p99 <= 102.9, "\(points[0])")
        // A second without a request has no latency: nil, not 0.
        #expect(points[1].p50 == nil && points[1].p99 == nil)
        #expect((points[2].p50 ?? 0) >= 250 && (points[2].p50 ?? 0) <= 262.5)
    }

    @Test("a second past the longest kept, or before the first, is left out; latencies past the last bucket land in it")
    func limits() {
        var timeline = LoadTimeline()
        timeline.record(second: LoadTimeline.maximumSeconds, latency: 1, failed: false)
        timeline.record(second: -1, latency: 1, failed: false)
        #expect(timeline.points.isEmpty)
        timeline.record(second: 0, latency: Int64.max, failed: false)
        #expect(timeline.points.first?.requests == 1 && (timeline.points.first?.p99 ?? 0) > 100_000)
        // A second whose every request failed has no latency to show: nil, not the 0 a dead
        // server's seconds used to get.
        timeline.record(second: 1, latency: 5_000_000, failed: true)
        #expect(timeline.points.last?.errors == 1 && timeline.points.last?.p50 == nil && timeline.points.last?.p99 == nil)
    }
}

extension LoadTimelineTests {
    @Test("load.html's latency chart breaks its lines at a second without a successful request, and draws a lone second as a dot")
    func gapsInTheChart() {
        var timeline = LoadTimeline()
        for second in [0, 1, 3, 5, 6] { timeline.record(second: second, latency: 2_000, failed: false) }
        for second in [2, 4] { timeline.record(second: second, latency: 100, failed: true) }
        let html = LoadReportHTML.timeline(timeline.points).text
        func runs(_ series: String) -> [String] {
            html.matches(of: /<polyline data-series="(\w+)" data-first="(\d+)" data-last="(\d+)"/).filter { $0.1 == series }.map { "\($0.2)-\($0.3)" }
        }
        #expect(runs("p50") == ["0-1", "3-3", "5-6"])
        #expect(runs("p99") == ["0-1", "3-3", "5-6"])
        // Requests and errors have a value every second: one line each.
        #expect(runs("requests") == ["0-6"] && runs("errors") == ["0-6"])
        // Seconds 2 and 4 are nowhere on the latency chart: no point at their x, none at 0 ms.
        let latency = String(html[html.range(of: "id=\"timeline-latency\"")!.lowerBound...])
        let x = { (second: Int) in String(format: "%.1f,", 60 + 560 * Double(second) / 6) }
        #expect(latency.contains(x(1)) && latency.contains(x(3)) && !latency.contains(x(2)) && !latency.contains(x(4)))
        #expect(LoadReportHTML.runs([nil, 1, nil]) == [1..<2] && LoadReportHTML.runs([]) == [] && LoadReportHTML.runs([1, 2]) == [0..<2])
    }
}
