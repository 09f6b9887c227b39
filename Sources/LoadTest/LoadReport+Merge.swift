/// The shards of a load test added up into the report of the whole (`salvo merge`): request
/// and failure counts summed, histograms merged bucket by bucket (HdrHistogram merges
/// exactly; no percentile is ever averaged), games summed.
///
/// The shards are taken to have run at the same time, as a cluster's load job runs them: the
/// whole took as long as the longest shard, started when the first did, and its requests per
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
            for (what, mine, theirs) in [("mode", report.mode, first.mode), ("bot", report.settings.bot, first.settings.bot), ("endpoint", report.settings.endpoint ?? "none", first.settings.endpoint ?? "none")] where mine != theirs {
                throw MergeFailure(description: "\(path) measured another load than \(firstPath) (\(what): \(mine), not \(theirs)); merge shards of one `salvo load` command")
            }
            if !report.embeddedServer, !first.embeddedServer, report.server != first.server {
                throw MergeFailure(description: "\(path) loaded \(report.server), but \(firstPath) loaded \(first.server); merge shards of one server")
            }
            statistics.merge(measurements)
        }
        let all = reports.map(\.report)
        var settings = first.settings
        settings.games = all.allSatisfy { $0.settings.games != nil } ? all.compactMap(\.settings.games).reduce(0, +) : nil
        settings.rate = all.allSatisfy { $0.settings.rate != nil } ? all.compactMap(\.settings.rate).reduce(0, +) : nil
        settings.concurrency = all.map(\.settings.concurrency).reduce(0, +)
        let embedded = all.contains { $0.embeddedServer }
        var merged = LoadReport(
            statistics: statistics, seconds: all.map(\.elapsedSeconds).max() ?? 0, startedAt: all.map(\.startedAt).min() ?? first.startedAt,
            settings: settings, server: embedded ? "embedded servers, one per shard" : first.server, embeddedServer: embedded, mode: first.mode
        )
        merged.shards = reports.count
        return merged
    }
}
