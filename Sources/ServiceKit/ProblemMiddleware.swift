import HTTPGuards
import Hummingbird

/// Sends every error thrown under it as a ``HTTPGuards/Problem``, the one shape of a service's
/// error replies: a problem, or an error that converts to one (``HTTPGuards/ProblemConvertible``),
/// as itself; Hummingbird's own refusals (`HTTPError`: no route for the path, a path the file
/// middleware refuses, a range it cannot serve) with their status and headers, in the service's
/// words (`words`) or Hummingbird's sentence; anything else as a logged 500 that tells nothing of
/// the server's insides. Added first, so that it is outermost but for what must see the status
/// a client received (an access log, the metrics).
///
/// ```swift
/// router.middlewares.add(ProblemMiddleware { status, request in
///     status == .notFound ? "no such page: \(request.uri.path)" : nil
/// })
/// ```
public struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The body's key: `error` for Salvo's own services, `message` on the Battleship API's wire.
    let key: Problem.Key
    /// The service's sentence for one of Hummingbird's refusals; nil keeps Hummingbird's.
    let words: @Sendable (HTTPResponse.Status, Request) -> String?
    /// The sentence of an unexpected error's 500.
    let internalError: String

    public init(
        key: Problem.Key = .error, internalError: String = "the server failed on this request; try again, and tell its operator if it lasts",
        words: @escaping @Sendable (HTTPResponse.Status, Request) -> String? = { _, _ in nil }
    ) {
        self.key = key
        self.internalError = internalError
        self.words = words
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any ProblemConvertible {
            return error.problem.response
        } catch let error as HTTPError {
            let sentence = words(error.status, request) ?? error.body ?? error.status.reasonPhrase
            return Problem(error.status, sentence, headers: error.headers, key: key).response
        } catch let error as any HTTPResponseError {
            return Problem(error.status, words(error.status, request) ?? error.status.reasonPhrase, key: key).response
        } catch {
            context.logger.error("Unexpected error on \(request.method) \(request.uri.path): \(error)")
            return Problem(.internalServerError, internalError, key: key).response
        }
    }
}
