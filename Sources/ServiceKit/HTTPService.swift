import HTTPGuards
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

/// How each of Salvo's HTTP services starts and stops: the Battleship server (`salvo serve`,
/// the runner's embedded one), the live board (`salvo run --live`) and the arena (`salvo arena
/// serve`). Its router (route groups, its middlewares, ``ProblemMiddleware`` outermost) becomes a
/// Hummingbird `Application`, run in one `ServiceGroup` of swift-service-lifecycle with the
/// service's other services (the arena's worker), which start once it listens (none when it
/// cannot); the group stops them gracefully, the application first: it stops accepting, answers
/// the requests in flight, then the others stop, last first. With ``Options/stopsOnSignals``
/// (`salvo serve`) the group stops itself so on SIGINT and SIGTERM, as a Hummingbird
/// application's `runService()` does. Every connection is held to its request deadline
/// (``HTTPGuards/RequestDeadlineHandler``) unless the options say otherwise.
///
/// ```swift
/// let router = Router()
/// router.middlewares.add(ProblemMiddleware())
/// router.get("/") { _, _ in ServiceReply.html("<p>hello</p>") }
/// let running = try await HTTPService.start(router, options: .init(address: .hostname("127.0.0.1", port: 0), serverName: "demo"))
/// print(running.port ?? 0)   // 41234
/// await running.stop()
/// ```
public enum HTTPService {
    /// Starts serving `router` with `options`, and `services` beside it, in one group; returns
    /// once the service listens, after `onListening` has run (the arena restricts its Unix
    /// socket there) and `services` have been let start. Throws what kept it from listening (an
    /// `IOError` of the socket library for an address in use, ``StartFailure`` when it stopped
    /// without saying).
    public static func start<Builder: HTTPResponderBuilder>(
        _ router: Builder, options: Options, services: [ServiceGroupConfiguration.ServiceConfiguration] = [],
        onListening: @escaping @Sendable () -> Void = {}
    ) async throws -> RunningService where Builder.Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
        let (ports, continuation) = AsyncStream<Int?>.makeStream()
        let gate = ListeningGate()
        let deadline = options.requestDeadline
        let app = Application(
            router: router,
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: deadline.map { [RequestDeadlineHandler(deadline: $0)] } ?? [], idleTimeout: options.idleTimeout
                )
            ),
            configuration: ApplicationConfiguration(
                address: options.address, serverName: options.serverName,
                availableConnectionsDelegate: options.maximumConnections.map { MaximumAvailableConnections($0) }
            ),
            onServerRunning: { channel in
                onListening()
                gate.settle(true)
                continuation.yield(channel.localAddress?.port)
                continuation.finish()
            },
            logger: options.logger
        )
        // Listed first, so that they are the last the group stops: after the application.
        let others = services.map { configuration in
            var gated = configuration
            gated.service = AfterListening(service: configuration.service, gate: gate)
            return gated
        }
        let signals: [UnixSignal] = options.stopsOnSignals ? [.sigterm, .sigint] : []
        let group = ServiceGroup(
            configuration: .init(services: others + [.init(service: app)], gracefulShutdownSignals: signals, logger: options.logger)
        )
        let task = Task {
            defer {
                gate.settle(false)
                continuation.finish()
            }
            try await group.run()
        }
        for await port in ports {
            return RunningService(port: port, group: group, task: task)
        }
        // The stream ended without a port: the group stopped before listening; its error says why.
        try await task.value
        throw StartFailure()
    }

    /// The service stopped before it listened, without an error of its own.
    public struct StartFailure: Error, CustomStringConvertible, Sendable {
        public var description: String { "it stopped before listening" }
    }
}
