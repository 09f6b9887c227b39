import Hummingbird
import Logging
import ServiceLifecycle

/// Serves a ``LiveHub`` over HTTP while a run goes on: read-only (``ReadOnlyMiddleware``),
/// on 127.0.0.1 unless another host is given.
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
        router.middlewares.add(ReadOnlyMiddleware())
        LiveRoutes(hub: hub).add(to: router)
        return router
    }

    /// Starts serving `hub` on `host:port` (0: any free port) and returns once it listens;
    /// throws ``LiveServerError`` when it cannot.
    public static func start(hub: LiveHub, host: String, port: Int, logger: Logger = LiveServer.quietLogger) async throws(LiveServerError) -> RunningLiveServer {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            router: buildRouter(hub: hub),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "Salvo live"),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? port)
                continuation.finish()
            },
            logger: logger
        )
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        let task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        for await bound in ports {
            return RunningLiveServer(host: host, port: bound, hub: hub, group: group, task: task)
        }
        let detail: String
        do {
            try await task.value
            detail = "it stopped before listening"
        } catch {
            detail = "\(error)"
        }
        throw .cannotListen(host: host, port: port, detail: detail)
    }
}
