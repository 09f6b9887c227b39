import Foundation
import Hummingbird
import Logging
import SalvoTestSupport
import ServiceLifecycle

/// A small Battleship server on 127.0.0.1 with one switchable fault, for testing that the
/// conformance suite catches each fault by name. With ``MutantFault/none`` it follows the
/// API reference (its bugs fixed), independently of Salvo's own server.
///
/// ```swift
/// try await withRunning(MutantServer.start(fault: .joinerMovesFirst)) { server in
///     // run the suite against server.baseURL
/// }
/// ```
public final class MutantServer: Stoppable {
    public let fault: MutantFault
    public let port: Int
    /// Every request received so far, with its arrival time.
    public let log: MutantRequestLog
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    private init(fault: MutantFault, port: Int, log: MutantRequestLog, group: ServiceGroup, task: Task<Void, any Error>) {
        self.fault = fault
        self.log = log
        self.port = port
        self.group = group
        self.task = task
    }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts a server with `fault` on a free port and returns once it listens.
    public static func start(fault: MutantFault) async throws -> MutantServer {
        var logger = Logger(label: "mutant-server")
        logger.logLevel = .critical
        let api = MutantAPI(fault: fault)
        let router = Router(context: BasicRequestContext.self)
        let log = MutantRequestLog()
        router.middlewares.add(MutantErrorMiddleware(fault: fault, log: log))
        router.get("api/games") { _, _ in await api.list().response }
        if fault == .ignoresPlacedFleets {
            router.get("api/extensions") { _, _ in MutantReply.json(#"{"extensions":["fleet"]}"#).response }
        }
        router.get("api/games/:id") { _, context in await api.detail(context.parameters.get("id") ?? "").response }
        router.post("api/games") { request, _ in
            try await withFields(request) { await api.create($0) }
        }
        router.post("api/games/:id/join") { request, context in
            try await withFields(request) { await api.join(context.parameters.get("id") ?? "", $0) }
        }
        router.post("api/games/:id/guess") { request, context in
            try await withFields(request) { await api.guess(context.parameters.get("id") ?? "", $0) }
        }
        router.post("api/games/:id/status") { request, context in
            try await withFields(request) { await api.status(context.parameters.get("id") ?? "", $0) }
        }
        router.post("api/games/:id/board") { request, context in
            try await withFields(request) { await api.board(context.parameters.get("id") ?? "", $0) }
        }
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0), serverName: "Mutant"),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            },
            logger: logger
        )
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        let task = Task {
            defer { continuation.finish() }
            try await group.run()
        }
        for await port in ports {
            return MutantServer(fault: fault, port: port, log: log, group: group, task: task)
        }
        try await task.value
        throw MutantServerError.didNotStart
    }

    /// Stops the server and waits until it has.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }

    private static func withFields(_ request: Request, _ body: ([String: MutantField]) async -> MutantReply) async throws -> Response {
        let buffer = try await request.body.collect(upTo: 65_536)
        guard let fields = MutantField.parse(body: Data(buffer.readableBytesView), contentType: request.headers[.contentType]) else {
            return MutantReply.error("The request body is not valid JSON").response
        }
        return await body(fields).response
    }
}

/// The mutant server stopped before it listened.
public enum MutantServerError: Error {
    case didNotStart
}

extension MutantReply {
    var response: Response {
        Response(
            status: HTTPResponse.Status(code: status),
            headers: [.contentType: contentType],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body))
        )
    }
}
