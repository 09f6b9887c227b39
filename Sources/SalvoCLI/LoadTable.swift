import Foundation
import LoadTest

/// The final table of `salvo load`: one row per endpoint and the total, then the games.
enum LoadTable {
    static func render(_ report: LoadReport) -> String {
        let header = ["endpoint", "requests", "requests/s", "p50 ms", "p90 ms", "p99 ms", "p99.9 ms", "max ms", "errors"]
        let rows = (report.endpoints + [report.total]).map { row in
            let errors = row.errors.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            return [
                row.endpoint, "\(row.requests)", String(format: "%.1f", row.requestsPerSecond),
                milliseconds(row.latency.p50), milliseconds(row.latency.p90), milliseconds(row.latency.p99),
                milliseconds(row.latency.p999), milliseconds(row.latency.max), errors.isEmpty ? "0" : errors.joined(separator: ", "),
            ]
        }
        var lines = [TextTable.render(header: header, rows: rows)]
        let games = report.games
        if report.mode == "games" {
            lines.append(String(
                format: "games: %d started, %d finished (%.2f/s), %d abandoned, %d failed, %d inconsistent",
                games.started, games.finished, games.perSecond, games.abandoned, games.failed, games.inconsistent
            ))
        }
        if let example = games.failureExample { lines.append("first failed game: \(example)") }
        for row in report.endpoints {
            for (kind, text) in row.errorExamples.sorted(by: { $0.key < $1.key }) {
                lines.append("first \(kind) error: \(text)")
            }
        }
        lines.append(String(
            format: "%.2f s, %@%@", report.elapsedSeconds,
            report.settings.rate.map { String(format: "open loop at %.1f requests/s (latency from each request's due time)", $0) } ?? "closed loop",
            report.embeddedServer ? "; embedded server in this process (shared CPU)" : ""
        ))
        return lines.joined(separator: "\n")
    }

    private static func milliseconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}
