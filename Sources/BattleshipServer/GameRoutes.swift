import BattleshipAPI
import Hummingbird
import NIOCore

/// The seven endpoints under `/api`, plus `GET /health`, mapped onto a ``GameService``.
struct GameRoutes<Context: RequestContext> {
    /// The largest request body read; a larger one is refused with 413.
    static var maximumBodySize: Int { 16 * 1024 }

    let service: GameService

    func add(to router: Router<Context>) {
        router.get("health") { _, _ in JSONResponse.make("{\"status\":\"ok\"}") }
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
