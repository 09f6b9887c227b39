import HTTPGuards
import Hummingbird
import Logging
import SalvoVersion
import ServiceKit

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

    /// The router over the games in `store`: every refusal a ``HTTPGuards/Problem`` under the
    /// reference's key `message`, the routes under `api/games` one group (``GameRoutes``).
    static func buildRouter(_ configuration: ServerConfiguration, store: GameStore) throws -> Router<BasicRequestContext> {
        let service = try GameService(store: store, honoursJoinTokens: configuration.offersExtensions, census: configuration.metrics?.census)
        return buildRouter(configuration, service: service)
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
            // Outside the problems, so that it counts the statuses clients receive.
            router.middlewares.add(MetricsMiddleware())
            router.get("metrics") { _, _ in metrics.response() }
        }
        router.middlewares.add(
            ProblemMiddleware(key: .message, internalError: "Internal server error") { status, request in
                switch status {
                case .notFound: "No such endpoint: \(request.method) \(request.uri.path); the API lives under /api/games"
                case .contentTooLarge: APIError.bodyTooLarge.message
                default: nil
                }
            })
        GameRoutes(service: service, offersExtensions: configuration.offersExtensions).add(to: router)
        return router
    }

    /// How the server listens: ``ServerConfiguration/requestDeadline`` on every connection.
    static func options(_ configuration: ServerConfiguration, logger: Logger, foreground: Bool) -> HTTPService.Options {
        HTTPService.Options(
            address: .hostname(configuration.host, port: configuration.port), serverName: "Salvo/\(SalvoVersion.text)",
            requestDeadline: configuration.requestDeadline, stopsOnSignals: foreground, logger: logger
        )
    }

    /// Runs the server until SIGINT or SIGTERM, which stop it gracefully (requests in flight are
    /// answered, every change is in the database); `onRunning` gets the bound port.
    public static func run(
        _ configuration: ServerConfiguration,
        logger: Logger = ServerLogHandler.logger(),
        onRunning: @escaping @Sendable (Int) -> Void = { _ in }
    ) async throws {
        let store = try openStore(configuration, logger: logger)
        let router = try buildRouter(configuration, store: store)
        let running = try await HTTPService.start(router, options: options(configuration, logger: logger, foreground: true))
        onRunning(running.port ?? configuration.port)
        try await running.finished()
        await store.flush()
    }

    /// Starts the server in a background task and returns once it accepts connections.
    public static func start(
        _ configuration: ServerConfiguration,
        logger: Logger = ServerLogHandler.logger()
    ) async throws -> RunningServer {
        let store = try openStore(configuration, logger: logger)
        let router = try buildRouter(configuration, store: store)
        let running: RunningService
        do {
            running = try await HTTPService.start(router, options: options(configuration, logger: logger, foreground: false))
        } catch is HTTPService.StartFailure {
            throw ServerStartError(host: configuration.host, port: configuration.port)
        }
        return RunningServer(host: configuration.host, port: running.port ?? configuration.port, service: running, store: store)
    }
}

/// The server stopped before it listened, without saying why.
public struct ServerStartError: Error, CustomStringConvertible {
    public let host: String
    public let port: Int
    public var description: String { "The server could not listen on \(host):\(port)" }
}
