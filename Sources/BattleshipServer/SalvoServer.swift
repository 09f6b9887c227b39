import HTTPGuards
import Hummingbird
import Logging
import SalvoVersion
import ServiceLifecycle

/// Starts the embedded Battleship server, in the foreground (`salvo serve`) or in-process
/// on an ephemeral port (the tournament runner, the tests).
///
/// ```swift
/// let server = try await SalvoServer.start(ServerConfiguration(port: 0, databasePath: nil))
/// print(server.baseURL)   // http://127.0.0.1:41234
/// await server.stop()
/// ```
public enum SalvoServer {
    /// Opens the store of `configuration.databasePath`.
    static func openStore(_ configuration: ServerConfiguration, logger: Logger) throws -> GameStore {
        var onCommit: GroupCommit.CommitObserver?
        if let metrics = configuration.metrics {
            onCommit = { duration, writes in metrics.recordCommit(duration: duration, writes: writes) }
        }
        return try GameStore(
            path: configuration.databasePath, fsync: configuration.fsyncEveryCommit, writeBehind: configuration.writeBehind,
            onLostWrite: { error in logger.error("A queued write could not be saved to the database: \(error)") },
            onCommit: onCommit
        )
    }

    /// Builds the HTTP application over the games in `store`.
    static func buildApplication(
        _ configuration: ServerConfiguration,
        store: GameStore,
        logger: Logger,
        onRunning: @escaping @Sendable (Int) -> Void
    ) throws -> some ApplicationProtocol {
        let service = try GameService(store: store, honoursJoinTokens: configuration.offersExtensions, census: configuration.metrics?.census)
        let deadline = configuration.requestDeadline
        return Application(
            router: buildRouter(configuration, service: service),
            server: .http1(configuration: .init(additionalChannelHandlers: [RequestDeadlineHandler(deadline: deadline)])),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: "Salvo/\(SalvoVersion.text)"
            ),
            onServerRunning: { channel in onRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger
        )
    }

    /// Every route the server answers and its middlewares, over `service`. The one place routes
    /// are added: the OpenAPI test (docs/openapi/README.md) lists them from here.
    static func buildRouter(_ configuration: ServerConfiguration, service: GameService) -> Router<BasicRequestContext> {
        // HEAD of every GET route answers as the GET without its body, as the reference does.
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        if let accessLog = configuration.accessLog {
            // Outermost, so that it logs the status each client received.
            router.middlewares.add(AccessLogMiddleware(log: accessLog))
        }
        if let metrics = configuration.metrics {
            // Outside the error middleware, so that it counts the statuses clients receive.
            router.middlewares.add(MetricsMiddleware())
            router.get("metrics") { _, _ in metrics.response() }
        }
        router.middlewares.add(ErrorMiddleware())
        GameRoutes(service: service, offersExtensions: configuration.offersExtensions).add(to: router)
        return router
    }

    /// Runs the server until SIGINT or SIGTERM; `onRunning` gets the bound port.
    public static func run(
        _ configuration: ServerConfiguration,
        logger: Logger = ServerLogHandler.logger(),
        onRunning: @escaping @Sendable (Int) -> Void = { _ in }
    ) async throws {
        let store = try openStore(configuration, logger: logger)
        let app = try buildApplication(configuration, store: store, logger: logger, onRunning: onRunning)
        try await app.runService()
        await store.flush()
    }

    /// Starts the server in a background task and returns once it accepts connections.
    public static func start(
        _ configuration: ServerConfiguration,
        logger: Logger = ServerLogHandler.logger()
    ) async throws -> RunningServer {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let store = try openStore(configuration, logger: logger)
        let app = try buildApplication(configuration, store: store, logger: logger) { port in
            continuation.yield(port)
            continuation.finish()
        }
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        let task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        for await port in ports {
            return RunningServer(host: configuration.host, port: port, group: group, task: task, store: store)
        }
        // The stream ended without a port: the server failed to start; surface its error.
        try await task.value
        throw ServerStartError(host: configuration.host, port: configuration.port)
    }
}

/// The server stopped before it listened, without saying why.
public struct ServerStartError: Error, CustomStringConvertible {
    public let host: String
    public let port: Int
    public var description: String { "The server could not listen on \(host):\(port)" }
}
