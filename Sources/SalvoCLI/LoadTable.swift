import Foundation
import LoadTest

/// The final table of `salvo load`: one row per endpoint and the total, then the games.
enum LoadTable {
    static func render(_ report: LoadReport) -> String {
        // As wrk and k6 give them: the failures and their share first, then mean and spread, then the percentiles.
        let header = [
            "endpoint", "requests", "requests/s", "errors", "error %", "mean ms", "stdev ms", "p50 ms", "p90 ms", "p95 ms", "p99 ms", "p99.9 ms",
            "max ms",
        ]
        let rows = (report.endpoints + [report.total]).map { row in
            let failed = row.errorCount ?? row.errors.values.reduce(0, +)
            let rate = row.errorRatePercent ?? (row.requests == 0 ? 0 : 100 * Double(failed) / Double(row.requests))
            // An endpoint none of whose requests succeeded has no latency: dashes, not zeros.
            let latency =
                row.requests > failed
                ? [
                    milliseconds(row.latency.mean), row.latency.stdev.map(milliseconds) ?? "-",
                    milliseconds(row.latency.p50), milliseconds(row.latency.p90), row.latency.p95.map(milliseconds) ?? "-",
                    milliseconds(row.latency.p99),
                    milliseconds(row.latency.p999), milliseconds(row.latency.max),
                ]
                : Array(repeating: "–", count: 8)
            return [row.endpoint, "\(row.requests)", String(format: "%.1f", row.requestsPerSecond), "\(failed)", String(format: "%.2f", rate)]
                + latency
        }
        var lines = [TextTable.render(header: header, rows: rows), "latencies of successful requests; failed requests' time to failure apart:"]
        lines.removeLast(report.total.failedLatency == nil ? 1 : 0)
        for row in report.endpoints + [report.total] {
            guard let failed = row.failedLatency else { continue }
            lines.append(
                String(
                    format: "  %@ failed: %d, time to failure p50 %@ ms, p99 %@ ms, max %@ ms",
                    row.endpoint, row.errorCount ?? 0, milliseconds(failed.p50), milliseconds(failed.p99), milliseconds(failed.max)
                ))
        }
        if report.total.failedLatency == nil { lines[0] += "\n(latencies of successful requests; none failed)" }
        let games = report.games
        if report.mode == "games" {
            lines.append(
                String(
                    format: "games: %d started, %d finished (%.2f/s), %d abandoned, %d failed, %d inconsistent",
                    games.started, games.finished, games.perSecond, games.abandoned, games.failed, games.inconsistent
                ))
        }
        if let example = games.failureExample { lines.append("first failed game: \(example)") }
        for row in report.endpoints + [report.total] {
            let kinds = row.errors.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            if !kinds.isEmpty { lines.append("\(row.endpoint) errors: " + kinds.joined(separator: ", ")) }
        }
        for row in report.endpoints {
            for (kind, text) in row.errorExamples.sorted(by: { $0.key < $1.key }) {
                lines.append("first \(kind) error: \(text)")
            }
        }
        lines.append(
            String(
                format: "%.2f s, %@%@", report.elapsedSeconds,
                report.settings.rate.map { String(format: "open loop at %.1f requests/s (latency from each request's due time)", $0) }
                    ?? "closed loop",
                report.embeddedServer ? "; embedded server in this process (shared CPU)" : ""
            ))
        if let warning = report.openLoop?.warning { lines.append("warning: " + warning) }
        return lines.joined(separator: "\n")
    }

    private static func milliseconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}
