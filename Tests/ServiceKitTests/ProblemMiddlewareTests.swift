import Foundation
import HTTPGuards
import Hummingbird
import SalvoTestSupport
import ServiceKit
import Testing

/// Every error a service throws leaves as one problem, `{"error": …}` (or the Battleship API's
/// `{"message": …}`), whatever threw it, over real HTTP on loopback.
@Suite("The service kit's problems", .serialized, .timeLimit(.minutes(2)))
struct ProblemMiddlewareTests {
    struct Refusal: ProblemConvertible {
        var problem: Problem { Problem(.conflict, "a refusal of the service's own catalogue") }
    }

    struct Secret: Error, CustomStringConvertible {
        var description: String { "the database at /srv/secret.sqlite is corrupt" }
    }

    static func serving<T>(_ middleware: ProblemMiddleware<BasicRequestContext>, _ body: (Int) async throws -> T) async throws -> T {
        let router = Router()
        router.middlewares.add(middleware)
        router.get("/refused") { _, _ -> String in throw Problem(.tooManyRequests, "wait 3 s, then send fewer", retryAfter: 3) }
        router.get("/catalogue") { _, _ -> String in throw Refusal() }
        router.get("/framework") { _, _ -> String in throw HTTPError(.badRequest, message: "a sentence of Hummingbird's") }
        router.get("/secret") { _, _ -> String in throw Secret() }
        router.get("/slash") { _, _ -> String in throw Problem(.notFound, "</script> and a/b", key: .message) }
        router.get("/script") { _, _ -> String in throw Problem(.notFound, "</script> and a/b") }
        let running = try await HTTPService.start(router, options: HTTPServiceTests.options())
        do {
            let result = try await body(try #require(running.port))
            await running.stop()
            return result
        } catch {
            await running.stop()
            throw error
        }
    }

    @Test("a thrown problem, one that converts to it, Hummingbird's refusals, an unknown route: one shape, {\"error\": sentence}, never cached")
    func oneShape() async throws {
        let middleware = ProblemMiddleware<BasicRequestContext> { status, request in
            status == .notFound ? "no such page: \(request.uri.path)" : nil
        }
        try await Self.serving(middleware) { port in
            let refused = try await KitHTTP.request(port: port, path: "/refused")
            #expect(refused.status == 429 && refused.headers["retry-after"] == "3")
            #expect(refused.text == #"{"error":"wait 3 s, then send fewer"}"#)
            for path in ["/refused", "/catalogue", "/framework", "/nothing/here", "/secret"] {
                let reply = try await KitHTTP.request(port: port, path: path)
                #expect(reply.headers["content-type"] == "application/json; charset=utf-8", "\(path)")
                #expect(reply.headers["cache-control"] == "no-store", "\(path)")
                #expect(Array(KitHTTP.problem(reply).keys) == ["error"], "\(path): \(reply.text)")
            }
            let catalogue = try await KitHTTP.request(port: port, path: "/catalogue")
            #expect(catalogue.status == 409 && KitHTTP.problem(catalogue)["error"] == "a refusal of the service's own catalogue")
            let framework = try await KitHTTP.request(port: port, path: "/framework")
            #expect(framework.status == 400 && KitHTTP.problem(framework)["error"] == "a sentence of Hummingbird's")
            let missing = try await KitHTTP.request(port: port, path: "/nothing/here")
            #expect(missing.status == 404 && KitHTTP.problem(missing)["error"] == "no such page: /nothing/here")
        }
    }

    @Test("an unexpected error is a 500 that tells nothing of the server's insides")
    func unexpected() async throws {
        try await Self.serving(ProblemMiddleware(internalError: "the server failed on this request")) { port in
            let reply = try await KitHTTP.request(port: port, path: "/secret")
            #expect(reply.status == 500)
            #expect(KitHTTP.problem(reply) == ["error": "the server failed on this request"])
            #expect(!reply.text.contains("secret") && !reply.text.contains("corrupt"))
        }
    }

    @Test("under the Battleship API's key: {\"message\": …} as the reference writes it, slashes as they are, no Cache-Control")
    func messageKey() async throws {
        try await Self.serving(ProblemMiddleware(key: .message)) { port in
            let slash = try await KitHTTP.request(port: port, path: "/slash")
            #expect(slash.status == 404 && slash.text == #"{"message":"</script> and a/b"}"#)
            #expect(slash.headers["cache-control"] == nil && slash.headers["content-type"] == "application/json; charset=utf-8")
            let missing = try await KitHTTP.request(port: port, path: "/nothing")
            #expect(missing.status == 404 && missing.text == #"{"message":"Not Found"}"#)
        }
        // Under `error`, the same sentence has its slashes escaped: no `</script>` can form in a page that embeds it.
        try await Self.serving(ProblemMiddleware()) { port in
            let reply = try await KitHTTP.request(port: port, path: "/script")
            #expect(reply.text == #"{"error":"<\/script> and a\/b"}"#)
        }
    }
}
