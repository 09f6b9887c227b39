import CoreMetrics
import Hummingbird
import Prometheus

/// The metrics of `salvo serve` in Prometheus's text format, served at `GET /metrics`:
/// Hummingbird's `MetricsMiddleware` counts requests by route, method and status
/// (`hb_requests_total`), times them (`http_server_request_duration_seconds`, a histogram) and
/// counts the requests in flight, through swift-metrics into this registry. The server adds its
/// own: the games by status (`salvo_games`, ``GameCensus``) and the SQLite commits
/// (`salvo_sqlite_commit_duration_seconds`, from a transaction's start to its commit, the
/// writes of the batch included; `salvo_sqlite_commit_writes`, the writes each commit
/// carried, more than one when group commit batched them).
///
/// swift-metrics has one backend per process, so only a process that serves alone (the `serve`
/// command) bootstraps it:
///
/// ```swift
/// var configuration = ServerConfiguration(port: 8080)
/// configuration.metrics = ServerMetrics.bootstrap()
/// try await SalvoServer.run(configuration)
/// ```
public final class ServerMetrics: Sendable {
    /// Where every metric of the process is recorded.
    let registry: PrometheusCollectorRegistry
    /// The games by status.
    let census: GameCensus
    private let commitDuration: DurationHistogram
    private let commitWrites: ValueHistogram

    private init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
        census = GameCensus(registry: registry)
        commitDuration = registry.makeDurationHistogram(
            descriptor: MetricNameDescriptor(
                namespace: "salvo", subsystem: "sqlite", metricName: "commit_duration", unitName: "seconds",
                helpText: "Time from the start of a SQLite write transaction to its commit, its writes included."
            ),
            // 100 µs to 1 s: an unsynced commit of a few rows takes tens of microseconds to a
            // millisecond, an fsync (--fsync) milliseconds, a commit stuck behind the disk more.
            buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25, 50, 100, 250, 1000].map { Duration.microseconds($0 * 1000) }
        )
        commitWrites = registry.makeValueHistogram(
            descriptor: MetricNameDescriptor(
                namespace: "salvo", subsystem: "sqlite", metricName: "commit", unitName: "writes",
                helpText: "Writes (creates, joins, guesses) carried by one SQLite commit: more than one when group commit batched them."
            ),
            buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]
        )
    }

    /// Records one commit of `writes` writes that took `duration`.
    func recordCommit(duration: Duration, writes: Int) {
        commitDuration.record(duration)
        commitWrites.record(Double(writes))
    }

    /// A registry made swift-metrics' backend for the whole process. Call it once, before the
    /// server starts: swift-metrics stops the process on a second bootstrap.
    public static func bootstrap() -> ServerMetrics {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return ServerMetrics(registry: registry)
    }

    /// A registry of its own that is not swift-metrics' backend: only Salvo's own metrics (the
    /// games, the commits), never the requests. For a server that shares its process, such as a
    /// test's router, which may not bootstrap swift-metrics a second time.
    static func unshared() -> ServerMetrics {
        ServerMetrics(registry: PrometheusCollectorRegistry())
    }

    /// The reply of `GET /metrics`: every metric so far, in the text exposition format.
    func response() -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer()))
        )
    }
}
