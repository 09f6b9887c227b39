import Hummingbird

/// Logs every request's arrival. Unknown routes: a JSON 404, or the reference's HTML page under ``MutantFault/htmlNotFound``.
struct MutantErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let fault: MutantFault
    let log: MutantRequestLog

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        log.record(method: "\(request.method)", path: request.uri.path)
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            if fault == .htmlNotFound {
                return MutantReply(
                    status: 404, body: "<!DOCTYPE html><html><body><pre>Cannot \(request.method) \(request.uri.path)</pre></body></html>",
                    contentType: "text/html; charset=utf-8"
                ).response
            }
            return MutantReply.error("No such route: \(request.method) \(request.uri.path)", status: 404).response
        } catch {
            return MutantReply.error("Internal error", status: 500).response
        }
    }
}
