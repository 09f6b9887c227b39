import Hummingbird
import Logging

/// Turns every error into a JSON reply `{"message": ...}`: the API's own refusals keep their
/// status and text, unknown routes become 404, and anything unexpected a logged 500 that
/// reveals nothing of the server's internals.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return JSONResponse.error(error.message, status: error.status)
        } catch let error as HTTPError {
            let message: String
            switch error.status {
            case .notFound: message = "No such endpoint: \(request.method) \(request.uri.path); the API lives under /api/games"
            case .contentTooLarge: message = APIError.bodyTooLarge.message
            default: message = error.body ?? error.status.reasonPhrase
            }
            return JSONResponse.error(message, status: error.status)
        } catch {
            context.logger.error("Unexpected error on \(request.method) \(request.uri.path): \(error)")
            return JSONResponse.error("Internal server error", status: .internalServerError)
        }
    }
}
