import Foundation
import HTMLText

/// Renders a ``LoadReport`` as one self-contained HTML page (`load.html`): the settings, the
/// table of endpoints, and per endpoint an inline SVG chart of its latency percentile curve
/// (and of its service time, when an open-loop rate was set). No scripts, no external files;
/// written as ``HTMLText/Markup``, so every text from the run or the server is escaped.
public enum LoadReportHTML {
    public static func render(_ report: LoadReport) -> String {
        var html: Markup = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Salvo load test: \(report.server)</title>
            <style>
            \(css)
            </style>
            </head>
            <body>
            <h1>Load test of <code>\(report.server)</code></h1>

            """
        html += "<p class=\"note\">\(summary(report))</p>\n"
        html += requirements(report.requirements)
        if let warning = report.openLoop?.warning {
            html += "<p class=\"note\" id=\"open-loop-warning\"><strong>Warning:</strong> \(warning).</p>\n"
        }
        if let warning = report.timingWarning {
            html += "<p class=\"note\" id=\"timing-warning\"><strong>Note:</strong> \(warning).</p>\n"
        }
        html += "<p class=\"note\">\(gamesLine(report))</p>\n"
        html += table(report)
        html += failures(report)
        html += timeline(report.timeline)
        let openLoop = report.settings.rate != nil
        html += "<p class=\"note\">"
        html +=
            openLoop
            ? "Latency is measured from each request's due time on the open-loop timetable, so a stall delays every request that should have gone out during it (coordinated omission corrected). The dashed curve is the service time, measured from the actual send."
            : "Closed loop: latency is measured from when each request was sent; a stall of the server also stops the load, so it shows only in the requests that were waiting (use --rate for a fixed timetable)."
        html += " The curves are of successful requests. Percentile axis: 0%, 90%, 99%, 99.9%… on a log scale of 1/(1 − p), then the maximum.</p>\n"
        for row in report.endpoints {
            html += "<h2>\(row.endpoint) <small><code>\(row.route)</code></small></h2>\n"
            let failed =
                row.failedLatency.map { ", and \(row.errorCount ?? 0) failed after p50 \(format($0.p50)) ms, max \(format($0.max)) ms" }
                ?? ", none failed"
            guard row.requests > (row.errorCount ?? row.errors.values.reduce(0, +)) else {
                html +=
                    "<p class=\"note\">\(row.requests) requests, \(format(row.requestsPerSecond)) requests/s; none succeeded, so there is no latency to draw\(failed)</p>\n"
                html += examples(row)
                continue
            }
            html +=
                "<p class=\"note\">\(row.requests) requests, \(format(row.requestsPerSecond)) requests/s; successful ones p50 \(format(row.latency.p50)) ms, p99 \(format(row.latency.p99)) ms, max \(format(row.latency.max)) ms\(failed)</p>\n"
            var curves = [Curve(label: "latency", points: row.latencyCurve, color: "#1f6fb2", dashed: false)]
            if openLoop { curves.append(Curve(label: "service time", points: row.serviceTimeCurve, color: "#d9822b", dashed: true)) }
            html += "<div class=\"chart\">\(chart(curves, title: row.endpoint))</div>\n"
            html += examples(row)
        }
        html += "</body>\n</html>\n"
        return html.text
    }

    /// The first failure of each kind of `row`, as a list; nothing without failures.
    static func examples(_ row: LoadReport.EndpointRow) -> Markup {
        let examples = row.errorExamples.sorted { $0.key < $1.key }
        guard !examples.isEmpty else { return "" }
        var html: Markup = "<ul>\n"
        for (kind, text) in examples { html += "<li>\(kind): \(text)</li>\n" }
        return html + "</ul>\n"
    }

    /// One line of settings.
    static func summary(_ report: LoadReport) -> String {
        let settings = report.settings
        var parts = ["\(report.mode == "endpoint" ? "endpoint \(settings.endpoint ?? "")" : "games of \(settings.bot) against \(settings.bot)")"]
        if let games = settings.games { parts.append("\(games) \(report.mode == "endpoint" ? "requests" : "games")") }
        if let duration = settings.durationSeconds { parts.append("\(format(duration)) s") }
        parts.append("concurrency \(settings.concurrency)")
        parts.append(settings.rate.map { "open loop at \(format($0)) requests/s" } ?? "closed loop")
        parts.append("started \(report.startedAt), \(format(report.elapsedSeconds)) s")
        if report.embeddedServer { parts.append("embedded server (sharing the load generator's CPU)") }
        return parts.joined(separator: "; ")
    }

    static func gamesLine(_ report: LoadReport) -> String {
        let games = report.games
        return
            "Games: \(games.started) started, \(games.finished) finished (\(format(games.perSecond))/s), \(games.abandoned) abandoned, \(games.failed) failed, \(games.inconsistent) inconsistent."
    }

    /// The requirements of `--require` (``LoadReport/requirements``): the verdict of all, then
    /// each with what was measured and its verdict; nothing when none were given.
    /// DOM contract: `<section id="requirements" data-verdict="met|broken">`, its
    /// `<table id="requirements-table">` one `<tr data-requirement="TEXT" data-verdict="met|broken">`
    /// per requirement, in the order given, its cells the requirement, the value measured and
    /// the verdict.
    static func requirements(_ requirements: LoadReport.Requirements?) -> Markup {
        guard let requirements else { return "" }
        let broken = requirements.checks.filter { $0.verdict == .broken }.count
        let verdict = requirements.verdict.rawValue
        var html: Markup = "<section id=\"requirements\" data-verdict=\"\(verdict)\">\n"
        html += "<h2>Requirements: <span class=\"\(verdict)\">\(verdict)</span>"
        html += broken == 0 ? " (all \(requirements.checks.count) kept)</h2>\n" : " (\(broken) of \(requirements.checks.count))</h2>\n"
        html += "<table id=\"requirements-table\">\n<tr><th>requirement</th><th>measured</th><th>verdict</th></tr>\n"
        for check in requirements.checks {
            let measured =
                check.measured.map { LoadRequirement.shown($0) + LoadRequirement.shownUnit(check.unit) }
                ?? "none: \(check.reason ?? "nothing was measured")"
            let state = check.verdict.rawValue
            html +=
                "<tr data-requirement=\"\(check.requirement)\" data-verdict=\"\(state)\"><td><code>\(check.requirement)</code></td><td>\(measured)</td><td class=\"\(state)\">\(state)</td></tr>\n"
        }
        html +=
            "</table>\n<p class=\"note\">A latency requirement is graded on the successful requests' latency, as every latency of this report; <code>errors</code> and <code>error-rate</code> count the failed requests.</p>\n</section>\n"
        return html
    }

    /// The failed requests' time to failure, per endpoint, apart from the table's latencies
    /// (those of successful requests). DOM contract: `<table id="failed-latency">`, one
    /// `<tr data-endpoint="…">` per endpoint with failures; nothing when none failed.
    private static func failures(_ report: LoadReport) -> Markup {
        let rows = (report.endpoints + [report.total]).filter { $0.failedLatency != nil }
        guard !rows.isEmpty else { return "<p class=\"note\">Every latency of this report is that of successful requests; none failed.</p>\n" }
        var html: Markup =
            "<p class=\"note\">Every latency of this report is that of successful requests; the failed ones are counted in requests, errors and error %, and their time to failure is here, apart (a timeout's is the timeout), since it is not a reply's latency.</p>\n"
        html +=
            "<table id=\"failed-latency\">\n<tr><th>endpoint</th><th>failed</th><th>mean ms</th><th>p50 ms</th><th>p99 ms</th><th>max ms</th></tr>\n"
        for row in rows {
            guard let failed = row.failedLatency else { continue }
            let cells = [row.endpoint, "\(row.errorCount ?? 0)", format(failed.mean), format(failed.p50), format(failed.p99), format(failed.max)]
            html += "<tr data-endpoint=\"\(row.endpoint)\">" + cells.map { "<td>\($0)</td>" as Markup }.joined() + "</tr>\n"
        }
        return html + "</table>\n"
    }

    /// The table of endpoints. Its header says what every latency column is: the latency of
    /// the successful requests (the failed ones' time to failure is apart, ``failures(_:)``);
    /// an endpoint none of whose requests succeeded has none (`–`), not a latency of 0.
    /// DOM contract: `<table id="endpoints">`, its first header row's
    /// `<th id="latency-heading">` over the latency columns, one `<tr data-endpoint="…">` per
    /// endpoint and the total.
    private static func table(_ report: LoadReport) -> Markup {
        var html: Markup = "<table id=\"endpoints\">\n"
        html += "<tr><th colspan=\"5\"></th><th colspan=\"8\" id=\"latency-heading\">latency of successful requests, ms</th><th></th></tr>\n"
        html +=
            "<tr><th>endpoint</th><th>requests</th><th>requests/s</th><th>errors</th><th>error %</th><th>mean</th><th>stdev</th><th>p50</th><th>p90</th><th>p95</th><th>p99</th><th>p99.9</th><th>max</th><th>errors by kind</th></tr>\n"
        for row in report.endpoints + [report.total] {
            let errors = row.errors.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            let failed = row.errorCount ?? row.errors.values.reduce(0, +)
            let latency =
                row.requests > failed
                ? [
                    format(row.latency.mean), row.latency.stdev.map(format) ?? "-", format(row.latency.p50), format(row.latency.p90),
                    row.latency.p95.map(format) ?? "-", format(row.latency.p99), format(row.latency.p999), format(row.latency.max),
                ]
                : Array(repeating: "–", count: 8)
            let cells =
                [row.endpoint, "\(row.requests)", format(row.requestsPerSecond), "\(failed)", String(format: "%.2f", row.errorRatePercent ?? 0)]
                + latency + [errors.isEmpty ? "–" : errors]
            html += "<tr data-endpoint=\"\(row.endpoint)\">" + cells.map { "<td>\($0)</td>" as Markup }.joined() + "</tr>\n"
        }
        return html + "</table>\n"
    }

    struct Curve {
        var label: String
        var points: [LoadReport.CurvePoint]
        var color: String
        var dashed: Bool
    }

    /// An SVG chart of percentile curves: x is log10(1 / (1 − p)) (0 at p = 0, 1 at 90%,
    /// 2 at 99%…), with the maximum drawn a little to the right; y is linear in milliseconds.
    static func chart(_ curves: [Curve], title: String) -> Markup {
        let (width, height) = (640.0, 260.0)
        let (left, right, top, bottom) = (60.0, 95.0, 15.0, 35.0)
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let depth = curves.flatMap(\.points).map { position($0.percentile) }.filter(\.isFinite).max() ?? 1
        let xMax = max(1, depth.rounded(.up))
        let maxX = xMax + 0.4
        let yMax = niceCeiling(curves.flatMap(\.points).map(\.milliseconds).max() ?? 1)
        func x(_ percentile: Double) -> Double {
            let value = percentile >= 100 ? maxX : position(percentile)
            return left + value / maxX * plotWidth
        }
        func y(_ milliseconds: Double) -> Double { top + plotHeight * (1 - milliseconds / yMax) }

        var svg: Markup =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"\(title): latency of successful requests by percentile\">"
        svg += "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(plotWidth)\" height=\"\(plotHeight)\" fill=\"#fafafa\" stroke=\"#ccc\"/>"
        for tick in 0...Int(xMax) {
            let label = tick == 0 ? "0%" : format(100 * (1 - pow(10, -Double(tick)))) + "%"
            let px = left + Double(tick) / maxX * plotWidth
            svg += "<line x1=\"\(f(px))\" y1=\"\(top)\" x2=\"\(f(px))\" y2=\"\(top + plotHeight)\" stroke=\"#e3e3e3\"/>"
            svg += "<text x=\"\(f(px))\" y=\"\(f(height - bottom + 15))\" font-size=\"11\" text-anchor=\"middle\">\(label)</text>"
        }
        svg += "<text x=\"\(f(x(100)))\" y=\"\(f(height - bottom + 15))\" font-size=\"11\" text-anchor=\"middle\">max</text>"
        for step in 0...4 {
            let value = yMax * Double(step) / 4
            svg += "<line x1=\"\(left)\" y1=\"\(f(y(value)))\" x2=\"\(left + plotWidth)\" y2=\"\(f(y(value)))\" stroke=\"#e3e3e3\"/>"
            svg += "<text x=\"\(f(left - 6))\" y=\"\(f(y(value) + 4))\" font-size=\"11\" text-anchor=\"end\">\(format(value))</text>"
        }
        svg +=
            "<text x=\"14\" y=\"\(f(top + plotHeight / 2))\" font-size=\"11\" transform=\"rotate(-90 14 \(f(top + plotHeight / 2)))\" text-anchor=\"middle\">ms</text>"
        svg += "<text x=\"\(f(left + plotWidth / 2))\" y=\"\(f(height - 4))\" font-size=\"11\" text-anchor=\"middle\">percentile</text>"
        for (index, curve) in curves.enumerated() {
            let points = curve.points.map { "\(f(x($0.percentile))),\(f(y($0.milliseconds)))" }.joined(separator: " ")
            svg +=
                "<polyline fill=\"none\" stroke=\"\(curve.color)\" stroke-width=\"2\"\(curve.dashed ? " stroke-dasharray=\"5 4\"" as Markup : Markup()) points=\"\(points)\"/>"
            svg +=
                "<text x=\"\(f(width - right + 6))\" y=\"\(f(top + 12 + Double(index) * 14))\" font-size=\"11\" fill=\"\(curve.color)\">\(curve.label)</text>"
        }
        return svg + "</svg>"
    }

    /// log10(1 / (1 − p/100)); infinite at 100.
    static func position(_ percentile: Double) -> Double {
        percentile >= 100 ? .infinity : log10(1 / (1 - percentile / 100))
    }

    /// The smallest of 1, 2, 5 × 10^k at or above `value` (at least 0.001).
    static func niceCeiling(_ value: Double) -> Double {
        guard value > 0.001 else { return 0.001 }
        let magnitude = pow(10, floor(log10(value)))
        for factor in [1.0, 2, 5, 10] where factor * magnitude >= value * (1 - 1e-12) {
            return factor * magnitude
        }
        return 10 * magnitude
    }

    /// A number with up to 3 decimals and no trailing zeros.
    static func format(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    private static func f(_ value: Double) -> String { String(format: "%.1f", value) }

    /// The page's style (load-report.css), embedded at build time.
    static let css = Markup.resource(PackageResources.load_report_css)
}
