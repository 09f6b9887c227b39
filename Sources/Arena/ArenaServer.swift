import Bots
import Foundation
import HTTPGuards
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import RunControl
import ServiceLifecycle

/// `salvo arena serve`: the arena's HTTP service (``ArenaRoutes``) and its worker
/// (``ArenaWorker``) in one process. A connection that sends nothing for 30 seconds is closed,
/// and so is one whose request does not arrive whole in time, however it trickles
/// (``ArenaSettings/requestDeadline``); each student's token, and each client address for
/// requests without a valid token, is held to its request rate
/// (``ArenaSettings/requestsPerSecond``, 429 past it; behind ``ArenaSettings/trustedProxies``,
/// the address they forward).
///
/// ```swift
/// let arena = try ArenaFolder(at: "cs101")
/// let running = try await ArenaServer.start(folder: arena, settings: ArenaSettings.read(arena: "cs101"), host: "127.0.0.1", port: 0, launcher: SandboxLauncher())
/// print(running.url)
/// await running.stop()
/// ```
public enum ArenaServer {
    /// How long a connection may send nothing before it is closed.
    public static let idleTimeout: TimeAmount = .seconds(30)
    /// Connections open at once: past it the arena stops accepting until one closes (a
    /// connection costs a file descriptor and its buffers; each is closed within the request
    /// deadline).
    public static let maximumConnections = 1_024

    public static var quietLogger: Logger {
        var logger = Logger(label: "salvo.arena")
        logger.logLevel = .warning
        return logger
    }

    /// Starts serving and working; returns once the service listens.
    public static func start(
        folder: ArenaFolder, settings: ArenaSettings, host: String, port: Int, launcher: any BotLauncher, sandboxDisabled: Bool = false,
        clock: @escaping @Sendable () -> Date = { Date() }, log: @escaping ArenaWorker.Log = { _ in }, logger: Logger = ArenaServer.quietLogger
    ) async throws(ArenaError) -> RunningArena {
        if !sandboxDisabled, let problem = folder.sandboxReachProblem() { throw .settings(problem) }
        let stop = StopSignal()
        let worker = ArenaWorker(folder: folder, settings: settings, launcher: launcher, sandboxDisabled: sandboxDisabled, stop: stop, clock: clock, log: log)
        let standings = ArenaStandings(folder: folder.path + "/" + ArenaSettings.publicFolder)
        // What a kill left half-made: uploads still arriving, a season being staged.
        do {
            let removed = try folder.removeLeftovers()
            if removed > 0 { log("arena: removed \(removed) leftover\(removed == 1 ? "" : "s") of the last stop (uploads cut off, a publication half-staged)") }
        } catch {
            throw .settings("\(error)")
        }
        let router = Router(context: ArenaRequestContext.self)
        // The student of a request's token, found once; the rate limits count their requests
        // against it, the rest against their address.
        router.middlewares.add(ArenaTokenAuthenticator(store: folder.store))
        if settings.requestsPerSecond > 0 {
            router.middlewares.add(
                RateLimitMiddleware(perSecond: settings.requestsPerSecond, burst: settings.requestBurst, forwarded: ForwardedClient(trustedProxies: settings.trustedProxies)) { _, context in
                    context.identity?.tokenHash
                })
        }
        ArenaRoutes(folder: folder, settings: settings, worker: worker, standings: standings, clock: clock, log: log).add(to: router)
        let deadline = settings.requestDeadline
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            router: router,
            server: .http1(configuration: .init(additionalChannelHandlers: [RequestDeadlineHandler(deadline: deadline)], idleTimeout: idleTimeout)),
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: port), serverName: "Salvo arena", availableConnectionsDelegate: MaximumAvailableConnections(maximumConnections)
            ),
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
            let working = Task { await worker.run() }
            return RunningArena(host: host, port: bound, worker: worker, stopSignal: stop, group: group, serving: task, working: working)
        }
        let detail: String
        do {
            try await task.value
            detail = "it stopped before listening"
        } catch {
            detail = "\(error)"
        }
        throw .cannotServe(host: host, port: port, detail: detail)
    }
}

/// An arena started by ``ArenaServer/start(folder:settings:host:port:launcher:sandboxDisabled:clock:log:logger:)``.
public final class RunningArena: Sendable {
    public let host: String
    /// The bound port (a free one when 0 was asked for).
    public let port: Int
    public let worker: ArenaWorker
    let stopSignal: StopSignal
    private let group: ServiceGroup
    private let serving: Task<Void, any Error>
    private let working: Task<Void, Never>

    init(host: String, port: Int, worker: ArenaWorker, stopSignal: StopSignal, group: ServiceGroup, serving: Task<Void, any Error>, working: Task<Void, Never>) {
        self.host = host
        self.port = port
        self.worker = worker
        self.stopSignal = stopSignal
        self.group = group
        self.serving = serving
        self.working = working
    }

    /// `http://HOST:PORT/`, brackets around an IPv6 address.
    public var url: String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return "http://\(shown):\(port)/"
    }

    /// Stops taking requests, lets the worker finish the step in progress (a check is
    /// checked again at the next start; a batch stops after its games in flight), and waits
    /// for both.
    public func stop() async {
        stopSignal.request()
        worker.nudge()
        await group.triggerGracefulShutdown()
        _ = try? await serving.value
        await working.value
    }
}
