import Foundation
import SalvoVersion
import Testing

@testable import LoadTest

/// load.json's shape and load.html's escaping, from a made-up run.
@Suite("Load report")
struct LoadReportTests {
    static func sampleResult(server: String = "http://127.0.0.1:8080") -> LoadResult {
        var statistics = LoadStatistics()
        for latency in 1...1_000 {
            statistics.record(.status, latency: Int64(latency * 10), serviceTime: Int64(latency), error: nil)
        }
        statistics.record(.guess, latency: 500, serviceTime: 500, error: nil)
        statistics.record(.guess, latency: 800, serviceTime: 800, error: .clientError, detail: "POST /api/games/:id/guess: HTTP 400 <Not your turn>")
        statistics.record(.finished(winnerSeat: 0, winnerGuesses: 40, winnerHits: 17, consistent: true))
        statistics.record(.failed(reason: "boom"))
        let settings = LoadSettings(serverURL: server, stop: .duration(.seconds(2)), concurrency: 3, requestsPerSecond: 500)
        return LoadResult(settings: settings, statistics: statistics, elapsed: .seconds(2), startedAt: Date(timeIntervalSince1970: 0))
    }

    @Test("rows add up, percentiles are in milliseconds, every error kind is listed")
    func figures() throws {
        let report = LoadReport(Self.sampleResult(), embeddedServer: false)
        #expect(report.endpoints.map(\.endpoint) == ["guess", "status"])
        #expect(report.total.requests == 1_002)
        #expect(report.total.requestsPerSecond == 501)
        let status = try #require(report.endpoints.last)
        // Within the histogram's 3 significant digits; the maximum is exact.
        #expect(abs(status.latency.p50 - 5) <= 0.005 && abs(status.latency.p99 - 9.9) <= 0.0099 && status.latency.max == 10)
        #expect(status.serviceTime.p50 == 0.5 && status.serviceTime.max == 1)
        let guess = try #require(report.endpoints.first)
        #expect(guess.errors == ["connect": 0, "disconnect": 0, "timeout": 0, "4xx": 1, "5xx": 0, "undecodable": 0])
        #expect(report.games.started == 2 && report.games.finished == 1 && report.games.failed == 1 && report.games.perSecond == 0.5)
        #expect(status.latencyCurve.first?.percentile == 0 && status.latencyCurve.last?.percentile == 100)
        #expect(status.latencyCurve.contains { $0.percentile == 99.9 })
        // The JSON has the documented keys.
        let object = try #require(try JSONSerialization.jsonObject(with: report.json()) as? [String: Any])
        #expect(object["schema"] as? String == "salvo-load/1")
        #expect(object["salvoVersion"] as? String == SalvoVersion.text)
        let latency = try #require(((object["endpoints"] as? [[String: Any]])?.last?["latency"]) as? [String: Double])
        #expect(Set(latency.keys) == ["p50", "p90", "p95", "p99", "p99.9", "max", "mean", "stdev"])
        // 10 µs to 10 ms evenly: p95 9.5 ms, standard deviation 10·√((1000² − 1)/12) µs = 2.887 ms.
        #expect(abs((status.latency.p95 ?? 0) - 9.5) <= 0.0095)
        #expect(abs((status.latency.stdev ?? 0) - 2.887) <= 0.01, "\(status.latency)")
        // Failures counted and as a share: one guess of two; one request of 1,002.
        #expect(guess.errorCount == 1 && guess.errorRatePercent == 50)
        // The latencies are the successful guess's (0.5 ms); the failed one's 0.8 ms is apart.
        #expect(guess.latency.max == 0.5 && guess.latency.p50 == 0.5 && guess.serviceTime.max == 0.5)
        #expect(guess.failedLatency?.max == 0.8 && guess.failedLatency?.p50 == 0.8)
        #expect(status.failedLatency == nil && report.total.failedLatency?.max == 0.8 && report.total.latency.max == 10)
        #expect(report.total.errorCount == 1 && report.total.errorRatePercent == 0.1)
        // The open loop at 500 requests/s for 2 s: 1,000 due, 1,002 sent, no warning.
        let openLoop = try #require(report.openLoop)
        #expect(
            openLoop.requestsPerSecondAsked == 500 && openLoop.due == 1_000 && openLoop.sent == 1_002 && openLoop.sentPercent == 100.2
                && openLoop.warning == nil)
        let decoded = try JSONDecoder().decode(LoadReport.self, from: report.json())
        #expect(decoded == report, "\(decoded.endpoints.map(\.failedLatency)) \(report.endpoints.map(\.failedLatency))")
    }

    @Test("curve percentiles go as deep as the request count resolves")
    func curvePercentiles() {
        #expect(LoadReport.curvePercentiles(count: 0).isEmpty)
        let thousand = LoadReport.curvePercentiles(count: 1_000)
        #expect(thousand.first == 0 && thousand.last == 100)
        #expect(thousand.dropLast().last == 99.9)
        #expect(LoadReport.curvePercentiles(count: 10_000_000).dropLast().last == 99.999)
    }

    @Test("load.html is self-contained and escapes what came from the run")
    func html() {
        let report = LoadReport(Self.sampleResult(server: "http://x/<script>alert('x')</script>"), embeddedServer: true)
        let html = LoadReportHTML.render(report)
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        #expect(html.contains("HTTP 400 &lt;Not your turn&gt;"))
        #expect(html.components(separatedBy: "<svg").count - 1 == 2)
        #expect(!html.contains("src=") && !html.contains("href="))
        #expect(html.contains("service time"))
    }

    @Test(
        "requirements graded into the report: each with its measurement and verdict; a latency of an endpoint none of whose requests succeeded is not 0 but nothing, which breaks it; an endpoint never called breaks too"
    )
    func requirements() throws {
        var statistics = LoadStatistics()
        for latency in 1...100 { statistics.record(.status, latency: Int64(latency * 1_000), serviceTime: Int64(latency * 1_000), error: nil) }
        statistics.record(.guess, latency: 5_000_000, serviceTime: 5_000_000, error: .timeout, detail: "POST /api/games/:id/guess: timed out")
        let settings = LoadSettings(serverURL: "http://127.0.0.1:8080", stop: .duration(.seconds(1)), concurrency: 1)
        var report = LoadReport(
            LoadResult(settings: settings, statistics: statistics, elapsed: .seconds(1), startedAt: Date(timeIntervalSince1970: 0)),
            embeddedServer: false)
        #expect(report.requirements == nil)
        report.grade(try LoadRequirement.parseList("status:p99<=100ms,guess:p99<1s,board:errors=0,rps>=100,error-rate<1%"))
        let requirements = try #require(report.requirements)
        #expect(requirements.verdict == .broken)
        // 1 to 100 ms: p99 99 ms within the histogram's 0.1%.
        let p99 = try #require(report.endpoints.first { $0.endpoint == "status" }?.latency.p99)
        #expect(abs(p99 - 99) <= 0.099)
        #expect(
            requirements.checks == [
                .init(
                    requirement: "status:p99<=100ms", endpoint: "status", metric: "p99", comparison: "<=", limit: 100, unit: "ms", measured: p99,
                    verdict: .met),
                .init(
                    requirement: "guess:p99<1s", endpoint: "guess", metric: "p99", comparison: "<", limit: 1_000, unit: "ms", measured: nil,
                    verdict: .broken,
                    reason: "no request of guess succeeded, so there is no latency to measure"),
                .init(
                    requirement: "board:errors=0", endpoint: "board", metric: "errors", comparison: "=", limit: 0, unit: "requests", measured: nil,
                    verdict: .broken,
                    reason: "board sent no request"),
                .init(
                    requirement: "rps>=100", endpoint: nil, metric: "rps", comparison: ">=", limit: 100, unit: "requests/s", measured: 101,
                    verdict: .met),
                .init(
                    requirement: "error-rate<1%", endpoint: nil, metric: "error-rate", comparison: "<", limit: 1, unit: "%", measured: 100.0 / 101,
                    verdict: .met),
            ])
        #expect(
            requirements.checks.compactMap(LoadRequirement.sentence) == [
                "guess:p99<1s: broken, no request of guess succeeded, so there is no latency to measure",
                "board:errors=0: broken, board sent no request",
            ])
        // The guess row shows no latency in load.html: dashes, and no curve.
        let html = LoadReportHTML.render(report)
        #expect(
            html.contains(
                "<tr data-endpoint=\"guess\"><td>guess</td><td>1</td><td>1</td><td>1</td><td>100.00</td>" + String(repeating: "<td>–</td>", count: 8)),
            "\(html)")
        #expect(html.contains("none succeeded, so there is no latency to draw"))
        #expect(html.contains("<th colspan=\"8\" id=\"latency-heading\">latency of successful requests, ms</th>"))
        #expect(
            html.contains(
                "<tr data-requirement=\"guess:p99&lt;1s\" data-verdict=\"broken\"><td><code>guess:p99&lt;1s</code></td><td>none: no request of guess succeeded, so there is no latency to measure</td>"
            ))
        #expect(html.contains("Requirements: <span class=\"broken\">broken</span> (2 of 5)"))
        // Read back from load.json, equal.
        let decoded = try JSONDecoder().decode(LoadReport.self, from: report.json())
        #expect(decoded.requirements == report.requirements)
    }
}
