import HTTPGuards
import Hummingbird
import Logging
import ServiceKit

/// Serves a ``LiveHub`` over HTTP while a run goes on: read-only (``ReadOnlyMiddleware``),
/// on 127.0.0.1 unless another host is given, started and stopped as every Salvo service is
/// (ServiceKit's `HTTPService`); its refusals are problems, `{"error": …}`.
///
/// ```swift
/// let hub = LiveHub(tournament: "demo", bots: ["random", "parity"], total: 10)
/// let server = try await LiveServer.start(hub: hub, host: "127.0.0.1", port: 0)
/// print(server.url)   // http://127.0.0.1:41234/
/// await server.stop()
/// ```
public enum LiveServer {
    /// Warnings and errors only: "listening on" is said by salvo itself.
    public static var quietLogger: Logger {
        var logger = Logger(label: "salvo.live")
        logger.logLevel = .warning
        return logger
    }

    /// The router of the live page, its data and its event stream.
    public static func buildRouter(hub: LiveHub) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.middlewares.add(
            ProblemMiddleware { status, request in
                status == .notFound ? "no such page: \(request.uri.path); the live standings are at /" : nil
            })
        router.middlewares.add(ReadOnlyMiddleware())
        LiveRoutes(hub: hub).add(to: router)
        return router
    }

    /// Starts serving `hub` on `host:port` (0: any free port) and returns once it listens;
    /// throws ``LiveServerError`` when it cannot.
    public static func start(hub: LiveHub, host: String, port: Int, logger: Logger = LiveServer.quietLogger) async throws(LiveServerError)
        -> RunningLiveServer
    {
        let options = HTTPService.Options(address: .hostname(host, port: port), serverName: "Salvo live", logger: logger)
        do {
            let running = try await HTTPService.start(buildRouter(hub: hub), options: options)
            return RunningLiveServer(host: host, port: running.port ?? port, hub: hub, service: running)
        } catch {
            throw .cannotListen(host: host, port: port, detail: "\(error)")
        }
    }
}
