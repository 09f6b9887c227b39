import CurlHTTP
import Foundation
import LoopbackTestServer
import Testing

/// The event loop's own machinery: its socket bookkeeping and its role as a task executor.
@Suite("CurlHTTPClient's event loop", .timeLimit(.minutes(3)))
struct EventLoopTests {
    @Test("connections closed after each reply are replaced: new sockets reuse the numbers and are watched anew")
    func closedConnectionsAreReplaced() async throws {
        let server = try LoopbackServer { _ in .respondThenCloseAfter(.zero, body: #"{"n":1}"#) }
        defer { server.stop() }
        try await CurlHTTPClient.withClient { client in
            for _ in 0..<50 {
                let response = try await client.execute(HTTPRequest(url: server.baseURL + "/x"), timeout: .seconds(30))
                #expect(response.bodyText == #"{"n":1}"#)
            }
        }
        // Every reply's connection was closed by the server, so each request needed a new one.
        #expect(server.acceptedConnections == 50)
    }

    @Test("an idle kept-alive connection the server closes is noticed, and the next request opens a new one")
    func idleConnectionClosedByServer() async throws {
        let server = try LoopbackServer { _ in .respondThenCloseAfter(.milliseconds(50), body: "{}") }
        defer { server.stop() }
        let (first, second) = try await CurlHTTPClient.withClient { client in
            let first = try await client.execute(HTTPRequest(url: server.baseURL + "/a"), timeout: .seconds(30))
            // The socket stays in the epoll set after the reply; the server's close makes it
            // ready while libcurl does not want it. Closed (however late a loaded machine runs the
            // server's thread), then a moment for the loop to see it.
            while server.closedConnections < 1 { try await Task.sleep(for: .milliseconds(5)) }
            try await Task.sleep(for: .milliseconds(300))
            return (first, try await client.execute(HTTPRequest(url: server.baseURL + "/b"), timeout: .seconds(30)))
        }
        #expect(first.status == 200)
        #expect(second.status == 200)
        #expect(server.acceptedConnections == 2)
    }

    @Test("a task that prefers the client's executor runs on the event-loop thread, before and after a request")
    func taskExecutorRunsOnLoopThread() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let (threads, loopThread) = try await CurlHTTPClient.withClient { client in
            let threads = try await Task(executorPreference: client.taskExecutor) {
                let before = currentThread()
                let response = try await client.execute(HTTPRequest(url: server.baseURL + "/x"), timeout: .seconds(30))
                return (before, currentThread(), response.status)
            }.value
            let loopThread = await withCheckedContinuation { continuation in
                client.execute(HTTPRequest(url: server.baseURL + "/y"), deadline: .now + .seconds(30)) { _ in
                    continuation.resume(returning: currentThread())
                }
            }
            return (threads, loopThread)
        }
        #expect(threads.0 == loopThread)
        #expect(threads.1 == loopThread)
        #expect(threads.2 == 200)
    }

    @Test("after shutdown, tasks that prefer the client's executor still run, elsewhere, and their requests fail with shutDown")
    func taskExecutorAfterShutdown() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let client = CurlHTTPClient()
        let executor = client.taskExecutor
        let loopThread = await withCheckedContinuation { continuation in
            client.execute(HTTPRequest(url: server.baseURL + "/y"), deadline: .now + .seconds(30)) { _ in
                continuation.resume(returning: currentThread())
            }
        }
        await client.shutdown()
        let (thread, error) = await Task(executorPreference: executor) {
            do {
                _ = try await client.execute(HTTPRequest(url: server.baseURL + "/z"), timeout: .seconds(5))
                return (currentThread(), nil as HTTPClientError?)
            } catch {
                return (currentThread(), error as? HTTPClientError)
            }
        }.value
        #expect(thread != loopThread)
        #expect(error == .shutDown)
    }

    @Test("response header lines are parsed on demand into fields, and a set replaces them")
    func headerLinesRoundTrip() {
        var response = HTTPResponse(status: 200, headers: ["Content-Type": "text/plain", "X-Count": " 3 "])
        #expect(response.headers["content-type"] == "text/plain")
        #expect(response.headers["x-count"] == "3")
        #expect(response.headers.map(\.name) == ["Content-Type", "X-Count"])
        response.headers = ["A": "b"]
        #expect(response.headers.count == 1)
        #expect(response.headers["a"] == "b")
        #expect(response.headers["content-type"] == nil)
    }
}

/// The thread running the caller.
private func currentThread() -> pthread_t {
    pthread_self()
}
