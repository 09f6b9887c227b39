import CoreMetrics
import Hummingbird
import Prometheus

/// The metrics of `salvo serve` in Prometheus's text format, served at `GET /metrics`:
/// Hummingbird's `MetricsMiddleware` counts requests by route, method and status
/// (`hb_requests_total`), times them (`http_server_request_duration_seconds`, a histogram) and
/// counts the requests in flight, through swift-metrics into this registry.
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

    private init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
    }

    /// A registry made swift-metrics' backend for the whole process. Call it once, before the
    /// server starts: swift-metrics stops the process on a second bootstrap.
    public static func bootstrap() -> ServerMetrics {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return ServerMetrics(registry: registry)
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
