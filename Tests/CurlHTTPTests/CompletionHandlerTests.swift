import CurlHTTP
import Foundation
import LoopbackTestServer
import Synchronization
import Testing

/// `execute(_:deadline:completion:)`: requests chained from the event-loop thread.
@Suite("CurlHTTPClient completion handlers", .timeLimit(.minutes(3)))
struct CompletionHandlerTests {
    /// Sends `count` requests one after another, each from the previous one's completion.
    final class Chain: Sendable {
        let client: CurlHTTPClient
        let request: HTTPRequest
        let statuses = Mutex<[Int]>([])
        let done: @Sendable () -> Void
        let count: Int

        init(client: CurlHTTPClient, request: HTTPRequest, count: Int, done: @escaping @Sendable () -> Void) {
            self.client = client
            self.request = request
            self.count = count
            self.done = done
        }

        func send() {
            client.execute(request, deadline: .now + .seconds(30)) { [self] result in
                let sent = statuses.withLock { statuses in
                    statuses.append((try? result.get().status) ?? -1)
                    return statuses.count
                }
                if sent < count { send() } else { done() }
            }
        }
    }

    @Test("a chain of 50 requests sent from completions all succeed over one kept-alive connection")
    func chainedRequests() async throws {
        let server = try LoopbackServer { _ in .json(#"{"ok":true}"#) }
        defer { server.stop() }
        let client = CurlHTTPClient()
        let request = HTTPRequest(url: server.baseURL + "/api/games")
        let statuses: [Int] = await withCheckedContinuation { continuation in
            let box = Mutex<Chain?>(nil)
            let chain = Chain(client: client, request: request, count: 50) {
                continuation.resume(returning: box.withLock { $0?.statuses.withLock { $0 } } ?? [])
            }
            box.withLock { $0 = chain }
            chain.send()
        }
        await client.shutdown()
        #expect(statuses == [Int](repeating: 200, count: 50))
        #expect(server.count("GET", "/api/games") == 50)
        #expect(server.acceptedConnections == 1)
    }

    @Test("a request handed to a client that was shut down completes with shutDown")
    func afterShutdown() async throws {
        let client = CurlHTTPClient()
        await client.shutdown()
        let result: Result<HTTPResponse, HTTPClientError> = await withCheckedContinuation { continuation in
            client.execute(HTTPRequest(url: "http://127.0.0.1:1/"), deadline: .now + .seconds(1)) { continuation.resume(returning: $0) }
        }
        #expect(throws: HTTPClientError.shutDown) { try result.get() }
    }
}
