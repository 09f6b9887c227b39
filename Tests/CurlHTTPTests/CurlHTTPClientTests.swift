import CurlHTTP
import Foundation
import LoopbackTestServer
import Synchronization
import Testing

@Suite("CurlHTTPClient against a loopback server", .timeLimit(.minutes(3)))
struct CurlHTTPClientTests {
    @Test("a GET returns the server's status, headers and body")
    func getReturnsResponse() async throws {
        let server = try LoopbackServer { _ in .json(#"{"ok":true}"#) }
        defer { server.stop() }
        let response = try await CurlHTTPClient.withClient { client in
            try await client.execute(HTTPRequest(url: server.baseURL + "/api/games"), timeout: .seconds(30))
        }
        #expect(response.status == 200)
        #expect(response.bodyText == #"{"ok":true}"#)
        #expect(response.headers["content-type"] == "application/json; charset=utf-8")
        #expect(server.requests.map(\.path) == ["/api/games"])
    }

    @Test("a POST sends its headers and body")
    func postSendsBody() async throws {
        let server = try LoopbackServer { request in .respond(status: 400, body: request.bodyText, contentType: "text/plain") }
        defer { server.stop() }
        let request = HTTPRequest(
            method: .post,
            url: server.baseURL + "/api/games",
            headers: ["Content-Type": "application/json"],
            body: Array(#"{"gameName":"g"}"#.utf8)
        )
        let response = try await CurlHTTPClient.withClient { client in try await client.execute(request, timeout: .seconds(30)) }
        #expect(response.status == 400)
        #expect(response.bodyText == #"{"gameName":"g"}"#)
        let received = try #require(server.requests.first)
        #expect(received.method == "POST")
        #expect(received.headers["content-type"] == "application/json")
        #expect(received.headers["expect"] == nil)
    }

    @Test("a POST with an empty body sends Content-Length 0")
    func postWithoutBody() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let response = try await CurlHTTPClient.withClient { client in
            try await client.execute(HTTPRequest(method: .post, url: server.baseURL + "/x"), timeout: .seconds(30))
        }
        #expect(response.status == 200)
        #expect(server.requests.first?.headers["content-length"] == "0")
    }

    @Test("a refused connection is couldNotConnect, which was certainly not sent")
    func refusedConnection() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        let url = server.baseURL + "/api/games"
        server.stop()
        let client = CurlHTTPClient()
        let error = await #expect(throws: HTTPClientError.self) {
            try await client.execute(HTTPRequest(url: url), timeout: .seconds(30))
        }
        await client.shutdown()
        guard case .couldNotConnect = error else {
            Issue.record("expected couldNotConnect, got \(String(describing: error))")
            return
        }
        #expect(error?.requestMayHaveBeenSent == false)
    }

    @Test("a connection dropped mid-reply is connectionLost")
    func droppedMidReply() async throws {
        let server = try LoopbackServer { _ in .dropMidReply }
        defer { server.stop() }
        let client = CurlHTTPClient()
        let error = await #expect(throws: HTTPClientError.self) {
            try await client.execute(HTTPRequest(url: server.baseURL + "/x"), timeout: .seconds(30))
        }
        await client.shutdown()
        guard case .connectionLost = error else {
            Issue.record("expected connectionLost, got \(String(describing: error))")
            return
        }
    }

    @Test("a connection closed before any reply is connectionLost")
    func droppedBeforeReply() async throws {
        let server = try LoopbackServer { _ in .dropBeforeReply }
        defer { server.stop() }
        let client = CurlHTTPClient()
        let error = await #expect(throws: HTTPClientError.self) {
            try await client.execute(HTTPRequest(method: .post, url: server.baseURL + "/x"), timeout: .seconds(30))
        }
        await client.shutdown()
        guard case .connectionLost = error else {
            Issue.record("expected connectionLost, got \(String(describing: error))")
            return
        }
        #expect(server.count("POST", "/x") == 1)
    }

    @Test("a reply slower than the deadline fails with deadlineExceeded, not before the deadline")
    func deadlineExceeded() async throws {
        // The server never answers, so only the client's own deadline can end the request: no
        // bound on elapsed time is needed (a client without one hangs into the suite's limit).
        let server = try LoopbackServer { _ in .noReply }
        defer { server.stop() }
        let client = CurlHTTPClient()
        let start = ContinuousClock.now
        await #expect(throws: HTTPClientError.deadlineExceeded) {
            try await client.execute(HTTPRequest(url: server.baseURL + "/slow"), timeout: .milliseconds(200))
        }
        let elapsed = ContinuousClock.now - start
        await client.shutdown()
        // A lower bound only: a loaded machine makes it later, never earlier.
        #expect(elapsed >= .milliseconds(190))
        #expect(server.count("GET", "/slow") == 1)
    }

    @Test("a deadline already past fails without sending")
    func deadlineInThePast() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let client = CurlHTTPClient()
        await #expect(throws: HTTPClientError.deadlineExceeded) {
            try await client.execute(HTTPRequest(url: server.baseURL + "/x"), deadline: .now - .seconds(1))
        }
        await client.shutdown()
        #expect(server.requests.isEmpty)
    }

    @Test("cancelling the task aborts the transfer with the error `cancelled`")
    func cancellationAbortsTransfer() async throws {
        let server = try LoopbackServer { request in
            request.path == "/slow" ? .noReply : .json(#""fast""#)
        }
        defer { server.stop() }
        try await CurlHTTPClient.withClient { client in
            // No reply ever comes and the deadline is an hour away: only the abort can end it.
            let task = Task {
                try await client.execute(HTTPRequest(url: server.baseURL + "/slow"), timeout: .seconds(3600))
            }
            // In flight: the server has the request.
            try await Self.waitUntil { server.count("GET", "/slow") == 1 }
            task.cancel()
            let result = await task.result
            #expect(throws: HTTPClientError.cancelled) { try result.get() }
            // The client still works afterwards.
            let response = try await client.execute(HTTPRequest(url: server.baseURL + "/fast"), timeout: .seconds(30))
            #expect(response.bodyText == #""fast""#)
        }
    }

    @Test("a task cancelled before it starts never sends")
    func cancelledBeforeStart() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let client = CurlHTTPClient()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.execute(HTTPRequest(url: server.baseURL + "/x"), timeout: .seconds(30))
        }
        await #expect(throws: HTTPClientError.cancelled) { try await task.value }
        await client.shutdown()
        #expect(server.requests.isEmpty)
    }

    @Test("a body over the size limit fails with responseTooLarge")
    func sizeBound() async throws {
        let server = try LoopbackServer { request in request.path == "/big" ? .largeBody(10_000) : .largeBody(1_000) }
        defer { server.stop() }
        let small = try await CurlHTTPClient.withClient(configuration: .init(maxResponseSize: 4_096)) { client in
            await #expect(throws: HTTPClientError.responseTooLarge(limit: 4_096)) {
                try await client.execute(HTTPRequest(url: server.baseURL + "/big"), timeout: .seconds(30))
            }
            return try await client.execute(HTTPRequest(url: server.baseURL + "/small"), timeout: .seconds(30))
        }
        #expect(small.body.count == 1_000)
    }

    @Test("sequential idempotent requests reuse one kept-alive connection")
    func keepAliveReuse() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        try await CurlHTTPClient.withClient { client in
            for _ in 0..<20 {
                let response = try await client.execute(
                    HTTPRequest(method: .post, url: server.baseURL + "/status", isIdempotent: true),
                    timeout: .seconds(30)
                )
                #expect(response.status == 200)
            }
        }
        #expect(server.requests.count == 20)
        #expect(server.acceptedConnections == 1)
    }

    @Test("a non-idempotent request opens a fresh connection")
    func nonIdempotentGetsFreshConnection() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        try await CurlHTTPClient.withClient { client in
            _ = try await client.execute(HTTPRequest(url: server.baseURL + "/a"), timeout: .seconds(30))
            _ = try await client.execute(HTTPRequest(method: .post, url: server.baseURL + "/guess"), timeout: .seconds(30))
            _ = try await client.execute(HTTPRequest(url: server.baseURL + "/b"), timeout: .seconds(30))
        }
        #expect(server.acceptedConnections == 2)
    }

    @Test("many concurrent transfers all complete on the one event loop")
    func manyConcurrentTransfers() async throws {
        let server = try LoopbackServer { request in .json("\"\(request.path)\"") }
        defer { server.stop() }
        let bodies = try await CurlHTTPClient.withClient { client in
            try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<200 {
                    group.addTask {
                        try await client.execute(HTTPRequest(url: server.baseURL + "/\(index)"), timeout: .seconds(20)).bodyText
                    }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
        }
        #expect(bodies == Set((0..<200).map { "\"/\($0)\"" }))
    }

    @Test("concurrent workers share kept-alive connections: no more connections than workers")
    func concurrentKeepAlive() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        try await CurlHTTPClient.withClient { client in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<8 {
                    group.addTask {
                        for index in 0..<25 {
                            _ = try await client.execute(HTTPRequest(url: server.baseURL + "/\(worker)/\(index)"), timeout: .seconds(20))
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        #expect(server.requests.count == 200)
        #expect(server.acceptedConnections <= 8)
    }

    @Test("a non-idempotent request dropped before any reply is sent exactly once")
    func nonIdempotentNeverResent() async throws {
        let server = try LoopbackServer { request in request.method == "POST" ? .dropBeforeReply : .json("{}") }
        defer { server.stop() }
        try await CurlHTTPClient.withClient { client in
            _ = try await client.execute(HTTPRequest(url: server.baseURL + "/warm"), timeout: .seconds(30))
            await #expect(throws: HTTPClientError.self) {
                try await client.execute(HTTPRequest(method: .post, url: server.baseURL + "/guess"), timeout: .seconds(30))
            }
            #expect(server.count("POST", "/guess") == 1)
            // For contrast: an idempotent request on a reused connection that dies is re-sent by libcurl itself.
            _ = try await client.execute(HTTPRequest(url: server.baseURL + "/warm"), timeout: .seconds(30))
            await #expect(throws: HTTPClientError.self) {
                try await client.execute(HTTPRequest(method: .post, url: server.baseURL + "/status", isIdempotent: true), timeout: .seconds(30))
            }
        }
        #expect(server.count("POST", "/status") == 2)
    }

    @Test("shutdown fails requests in flight and later ones with shutDown")
    func shutdownFailsRequests() async throws {
        let server = try LoopbackServer { _ in .noReply }
        defer { server.stop() }
        // Shut down in the body, and again (at once) after it: a wait ended early still shuts it down.
        try await CurlHTTPClient.withClient { client in
            let inFlight = Task { try await client.execute(HTTPRequest(url: server.baseURL + "/slow"), timeout: .seconds(3600)) }
            try await Self.waitUntil { server.count("GET", "/slow") == 1 }
            await client.shutdown()
            await #expect(throws: HTTPClientError.shutDown) { try await inFlight.value }
            await #expect(throws: HTTPClientError.shutDown) {
                try await client.execute(HTTPRequest(url: server.baseURL + "/x"), timeout: .seconds(1))
            }
        }
    }

    @Test("withClient and withClients shut their clients down once the body has returned or thrown, and rethrow what it threw")
    func scopedShutdown() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let kept = Mutex<[CurlHTTPClient]>([])
        let status = try await CurlHTTPClient.withClient { client in
            kept.withLock { $0.append(client) }
            return try await client.execute(HTTPRequest(url: server.baseURL + "/x"), timeout: .seconds(30)).status
        }
        #expect(status == 200)
        struct Thrown: Error, Equatable {}
        await #expect(throws: Thrown()) {
            try await CurlHTTPClient.withClients(2) { clients throws(Thrown) in
                kept.withLock { $0 += clients }
                throw Thrown()
            }
        }
        // All three were shut down: each fails a request with shutDown, sending nothing.
        for client in kept.withLock({ $0 }) {
            await #expect(throws: HTTPClientError.shutDown) {
                try await client.execute(HTTPRequest(url: server.baseURL + "/after"), timeout: .seconds(30))
            }
        }
        #expect(kept.withLock { $0.count } == 3 && server.requests.map(\.path) == ["/x"])
    }

    /// Polls `condition` until it holds; a condition that never does fails the test by the
    /// suite's time limit.
    static func waitUntil(_ condition: () -> Bool) async throws {
        while !condition() { try await Task.sleep(for: .milliseconds(5)) }
    }
}

@Suite("CurlHTTPBenchmark", .timeLimit(.minutes(3)))
struct CurlHTTPBenchmarkTests {
    /// With no time to run, each connection sends exactly once: the counts are exact.
    static func runOnce(against server: LoopbackServer) async throws -> CurlHTTPBenchmark.Result {
        try await CurlHTTPClient.withClients(2) { clients in
            try await CurlHTTPBenchmark.run(
                HTTPRequest(url: server.baseURL + "/api/games"), on: clients, connections: 4, duration: .zero, requestTimeout: .seconds(30)
            )
        }
    }

    @Test("every connection sends at least once; answers are counted as completed, the server's count agrees")
    func countsAnswers() async throws {
        let server = try LoopbackServer { _ in .json("[]") }
        defer { server.stop() }
        let result = try await Self.runOnce(against: server)
        #expect(result.completed == 4 && result.failed == 0)
        #expect(server.requests.count == 4)
        #expect(result.cpuTimePerRequest == result.cpuTime / 4)
        #expect(result.description.hasPrefix("4 requests in ") && result.description.hasSuffix(" 0 failed"))
    }

    @Test("requests that get no response are counted as failed, not completed")
    func countsFailures() async throws {
        let server = try LoopbackServer { _ in .dropBeforeReply }
        defer { server.stop() }
        let result = try await Self.runOnce(against: server)
        #expect(result.completed == 0 && result.failed == 4)
        #expect(result.cpuTimePerRequest == .zero)
    }
}
