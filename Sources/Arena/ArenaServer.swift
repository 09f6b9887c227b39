import Bots
import Foundation
import HTTPGuards
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import RunControl
import ServiceKit
import ServiceLifecycle

/// `salvo arena serve`: the arena's HTTP service (``ArenaRoutes``) and its worker
/// (``ArenaWorker``) in one process, one group of services started and stopped as every Salvo
/// service is (ServiceKit's `HTTPService`). A connection that sends nothing for 30 seconds is closed,
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

    /// A Unix socket to serve on instead of a TCP port: behind a reverse proxy on the same
    /// machine, only those the socket's permissions let in can reach the arena (mode 0660: its
    /// owner, and `group`, the proxy's, when given), where any local user can connect to a port
    /// on 127.0.0.1 and write the `X-Forwarded-For` it likes.
    public struct Socket: Sendable, Hashable {
        public var path: String
        public var group: String?

        public init(path: String, group: String? = nil) {
            self.path = path
            self.group = group
        }
    }

    /// Starts serving and working; returns once the service listens: on `host:port`, or on
    /// `socket` when given.
    public static func start(
        folder: ArenaFolder, settings: ArenaSettings, host: String, port: Int, socket: Socket? = nil, launcher: any BotLauncher,
        sandboxDisabled: Bool = false,
        clock: @escaping @Sendable () -> Date = { Date() }, log: @escaping ArenaWorker.Log = { _ in }, logger: Logger = ArenaServer.quietLogger
    ) async throws(ArenaError) -> RunningArena {
        if !sandboxDisabled, let problem = folder.sandboxReachProblem() { throw .settings(problem) }
        if socket == nil, let local = settings.trustedProxies.first(where: ForwardedClient.isLoopback) {
            throw .settings(
                "trusted_proxy: \(local) is this machine, where any local user can connect from \(local) and name the address they like in X-Forwarded-For; serve on a Unix socket only the proxy can open instead (salvo arena serve DIR --socket /run/salvo/arena.sock --socket-group www-data; docs/arena.md, \"Deploying\"), and remove trusted_proxy"
            )
        }
        log("arena: " + (try folder.closeToOthers()))
        let address: BindAddress
        if let socket {
            var status = stat()
            if lstat(socket.path, &status) == 0 {
                // A socket a killed arena left is replaced; anything else there is not the arena's.
                guard status.st_mode & S_IFMT == S_IFSOCK else {
                    throw .settings("\(socket.path) exists and is not a socket; give --socket a path of its own")
                }
                unlink(socket.path)
            }
            address = .unixDomainSocket(path: socket.path)
        } else {
            address = .hostname(host, port: port)
        }
        let stop = StopSignal()
        let worker = ArenaWorker(
            folder: folder, settings: settings, launcher: launcher, sandboxDisabled: sandboxDisabled, stop: stop, clock: clock, log: log)
        // What a kill left half-made: uploads still arriving, a season being staged.
        do {
            let removed = try folder.removeLeftovers()
            if removed > 0 {
                log("arena: removed \(removed) leftover\(removed == 1 ? "" : "s") of the last stop (uploads cut off, a publication half-staged)")
            }
        } catch {
            throw .settings("\(error)")
        }
        let published = folder.path + "/" + ArenaSettings.publicFolder
        let routes = ArenaRoutes(
            folder: folder, settings: settings, worker: worker, standings: ArenaStandings(folder: published), clock: clock, log: log)
        let router = buildRouter(routes)
        let options = HTTPService.Options(
            address: address, serverName: "Salvo arena", requestDeadline: settings.requestDeadline, idleTimeout: idleTimeout,
            maximumConnections: maximumConnections, logger: logger
        )
        // The worker runs beside the service once it listens: the worker's end (its store
        // failing) leaves the service up, to say so.
        let working = ServiceGroupConfiguration.ServiceConfiguration(
            service: ArenaWorkerService(worker: worker, stop: stop), successTerminationBehavior: .ignore
        )
        do {
            let running = try await HTTPService.start(router, options: options, services: [working]) {
                if let socket { Self.restrict(socket, log: log) }
            }
            return RunningArena(host: host, port: running.port ?? port, socket: socket?.path, worker: worker, stopSignal: stop, service: running)
        } catch {
            throw .cannotServe(host: socket.map { "unix:" + $0.path } ?? host, port: port, detail: "\(error)")
        }
    }

    /// The arena's router: every refusal a ``HTTPGuards/Problem``; the student of a request's
    /// token found once (``ArenaTokenAuthenticator``), against whom the rate limits count their
    /// requests (the rest against their address); the published season's files under
    /// `/season/` (``ServiceKit/ServedFiles``); the routes (``ArenaRoutes``). The one place the
    /// arena's routes are added: the OpenAPI test (docs/openapi/README.md) lists them from here.
    static func buildRouter(_ routes: ArenaRoutes) -> Router<ArenaRequestContext> {
        let folder = routes.folder
        let settings = routes.settings
        let published = folder.path + "/" + ArenaSettings.publicFolder
        let router = Router(context: ArenaRequestContext.self)
        router.middlewares.add(
            ProblemMiddleware { status, request in
                switch status {
                case .notFound where request.uri.path.hasPrefix("/season/") && !FileManager.default.fileExists(atPath: published + "/index.html"):
                    "the season has no pages yet: they are published after its first batch"
                case .notFound: "no such page"
                case .badRequest where request.uri.path.hasPrefix("/season/"): "no such page: a path of the season names no `..`"
                default: nil
                }
            })
        router.middlewares.add(ArenaTokenAuthenticator(store: folder.store))
        if settings.requestsPerSecond > 0 {
            let forwarded = ForwardedClient(trustedProxies: settings.trustedProxies)
            router.middlewares.add(
                RateLimitMiddleware(perSecond: settings.requestsPerSecond, burst: settings.requestBurst, forwarded: forwarded) { _, context in
                    context.identity?.tokenHash
                })
        }
        router.middlewares.add(ServedFiles(folder: published, under: "/season"))
        routes.add(to: router)
        return router
    }

    /// The socket's file made mode 0660, its group `socket.group` when given.
    static func restrict(_ socket: Socket, log: ArenaWorker.Log) {
        if let name = socket.group {
            if let group = getgrnam(name) {
                if chown(socket.path, getuid(), group.pointee.gr_gid) != 0 {
                    log("arena: cannot give \(socket.path) to the group \(name): \(String(cString: strerror(errno)))")
                }
            } else {
                log("arena: there is no group \(name); \(socket.path) keeps the arena's own group")
            }
        }
        chmod(socket.path, 0o660)
    }
}
