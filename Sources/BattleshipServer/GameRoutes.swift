import BattleshipAPI
import Hummingbird
import NIOCore

/// The seven endpoints under `/api`, plus `GET /health` and `GET /api/extensions`, mapped
/// onto a ``GameService``.
struct GameRoutes<Context: RequestContext> {
    /// The largest request body read; a larger one is refused with 413.
    static var maximumBodySize: Int { 16 * 1024 }

    let service: GameService
    /// Whether `GET /api/extensions` lists Salvo's extensions (else it is not routed: 404).
    let offersExtensions: Bool

    func add(to router: Router<Context>) {
        addOptions(to: router)
        router.get("health") { _, _ in JSONResponse.make("{\"status\":\"ok\"}") }
        // Salvo's extensions of the API, for clients to detect (the reference answers 404).
        if offersExtensions {
            router.get("api/extensions") { _, _ in JSONResponse.make(ServerExtensions.salvoServer) }
        }
        let games = router.group("api/games")
        games.get { _, _ in JSONResponse.make(await service.list()) }
        games.get(":id") { _, context in
            JSONResponse.make(try await service.detail(gameId: context.parameters.get("id") ?? ""))
        }
        games.post { request, _ in
            let fields = try await Self.fields(of: request)
            return JSONResponse.make(try await service.create(fields: fields))
        }
        games.post(":id/join") { request, context in
            let fields = try await Self.fields(of: request)
            return JSONResponse.make(try await service.join(gameId: context.parameters.get("id") ?? "", fields: fields))
        }
        games.post(":id/guess") { request, context in
            let fields = try await Self.fields(of: request)
            return JSONResponse.make(try await service.guess(gameId: context.parameters.get("id") ?? "", fields: fields))
        }
        games.post(":id/status") { request, context in
            let fields = try await Self.fields(of: request)
            return JSONResponse.make(try await service.status(gameId: context.parameters.get("id") ?? "", fields: fields))
        }
        games.post(":id/board") { request, context in
            let fields = try await Self.fields(of: request)
            let board = try await service.board(gameId: context.parameters.get("id") ?? "", fields: fields)
            return JSONResponse.make(BoardJSON.encode(own: board.own, shots: board.shots))
        }
    }

    /// `OPTIONS` on every route: 200 with the route's methods in `Allow` and as the body,
    /// `GET,HEAD` for instance, as the reference (Express) answers.
    private func addOptions(to router: Router<Context>) {
        var routes: [(path: RouterPath, methods: String)] = [
            ("health", "GET,HEAD"), ("api/games", "GET,HEAD,POST"), ("api/games/:id", "GET,HEAD"),
            ("api/games/:id/join", "POST"), ("api/games/:id/guess", "POST"), ("api/games/:id/status", "POST"), ("api/games/:id/board", "POST"),
        ]
        if offersExtensions { routes.append(("api/extensions", "GET,HEAD")) }
        for route in routes {
            router.on(route.path, method: .options) { _, _ in
                Response(
                    status: .ok, headers: [.allow: route.methods, .contentType: "text/plain; charset=utf-8"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: route.methods))
                )
            }
        }
    }

    /// Reads the request's fields; the body is read only for JSON and form content types.
    static func fields(of request: Request) async throws -> RequestFields {
        guard let format = RequestFields.Format(contentType: request.headers[.contentType]) else {
            return RequestFields()
        }
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: maximumBodySize)
        } catch is NIOTooManyBytesError {
            throw APIError.bodyTooLarge
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw APIError.bodyTooLarge
        }
        return try RequestFields.parse(body: Array(buffer.readableBytesView), format: format)
    }
}
