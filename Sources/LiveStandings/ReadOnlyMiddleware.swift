import HTTPGuards
import Hummingbird

/// Refuses every request that is not a GET or a HEAD with 405 and `Allow: GET, HEAD`, before
/// any route sees it: nothing served by the live server can change a run.
struct ReadOnlyMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            throw Problem(
                .methodNotAllowed, "the live standings are read-only: \(request.method) is not allowed, only GET", headers: [.allow: "GET, HEAD"]
            )
        }
        return try await next(request, context)
    }
}
