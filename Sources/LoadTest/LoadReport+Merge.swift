import Foundation

/// The shards of a load test added up into the report of the whole (`salvo merge`): request
/// and failure counts summed, histograms merged bucket by bucket (HdrHistogram merges
/// exactly; no percentile is ever averaged), games summed.
///
/// The whole's time is the time any shard was running (``ShardTimeSpans``): shards that ran
/// together, as a cluster's load job runs them, count their common time once; shards run one
/// after the other count each one's time, and the report carries a warning
/// (``timingWarning``), since the server never took their load together. Its requests per
/// second are all requests over that time. `--games`, `--rate` and `--concurrency` are the
/// sums of the shards'.
extension LoadReport {
    /// Why shards' reports cannot be added up.
    public struct MergeFailure: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    public static func merged(_ reports: [(path: String, report: LoadReport)]) throws(MergeFailure) -> LoadReport {
        guard let (firstPath, first) = reports.first else { throw MergeFailure(description: "there is no load.json to merge") }
        var statistics = LoadStatistics()
        for (path, report) in reports {
            guard let measurements = report.measurements else {
                throw MergeFailure(description: "\(path) has no measurements (it was written by a salvo before load shards): rerun that shard")
            }
            for (what, mine, theirs) in [
                ("mode", report.mode, first.mode), ("bot", report.settings.bot, first.settings.bot),
                ("endpoint", report.settings.endpoint ?? "none", first.settings.endpoint ?? "none"),
            ] where mine != theirs {
                throw MergeFailure(
                    description:
                        "\(path) measured another load than \(firstPath) (\(what): \(mine), not \(theirs)); merge shards of one `salvo load` command")
            }
            if !report.embeddedServer, !first.embeddedServer, report.server != first.server {
                throw MergeFailure(
                    description: "\(path) loaded \(report.server), but \(firstPath) loaded \(first.server); merge shards of one server")
            }
            statistics.merge(measurements)
        }
        let all = reports.map(\.report)
        var settings = first.settings
        settings.games = all.allSatisfy { $0.settings.games != nil } ? all.compactMap(\.settings.games).reduce(0, +) : nil
        settings.rate = all.allSatisfy { $0.settings.rate != nil } ? all.compactMap(\.settings.rate).reduce(0, +) : nil
        settings.concurrency = all.map(\.settings.concurrency).reduce(0, +)
        let embedded = all.contains { $0.embeddedServer }
        let spans = try timeSpans(reports)
        var merged = LoadReport(
            statistics: statistics, seconds: spans.busySeconds, startedAt: all.map(\.startedAt).min() ?? first.startedAt,
            settings: settings, server: embedded ? "embedded servers, one per shard" : first.server, embeddedServer: embedded, mode: first.mode
        )
        merged.shards = reports.count
        merged.timingWarning = spans.warning
        return merged
    }

    /// When each shard ran, from its `startedAt` and `elapsedSeconds`.
    static func timeSpans(_ reports: [(path: String, report: LoadReport)]) throws(MergeFailure) -> ShardTimeSpans {
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let whole = ISO8601DateFormatter()
        var spans: [(start: Date, seconds: Double)] = []
        for (path, report) in reports {
            guard let start = fractional.date(from: report.startedAt) ?? whole.date(from: report.startedAt) else {
                throw MergeFailure(description: "\(path) has a startedAt that is not an ISO 8601 time (\(report.startedAt)): rerun that shard")
            }
            spans.append((start, report.elapsedSeconds))
        }
        return ShardTimeSpans(spans)
    }
}
