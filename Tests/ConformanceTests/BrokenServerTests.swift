import Conformance
import CurlHTTP
import Foundation
import LoopbackTestServer
import Testing

/// Servers that are not there, answer garbage, close connections or hang: the suite ends,
/// with a clear error or with failures, and never hangs or crashes.
@Suite("salvo check against broken servers", .timeLimit(.minutes(2)))
struct BrokenServerTests {
    @Test("no server at the URL: one clear error, from the library and from `salvo check` (exit status 1)")
    func unreachable() async throws {
        await #expect {
            _ = try await runSuite("http://127.0.0.1:1")
        } throws: { error in
            guard case .unreachable(let url, _) = error as? ConformanceError else { return false }
            return url == "http://127.0.0.1:1"
                && (error as? ConformanceError)?.description.hasPrefix("No Battleship server answers at http://127.0.0.1:1 (") == true
        }
        let result = try await runSalvo(["check", "--server", "http://127.0.0.1:1"])
        #expect(result.status == 1)
        let lines = result.err.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("Error: No Battleship server answers at http://127.0.0.1:1"), "\(result.err)")
        #expect(result.out.isEmpty)
    }

    @Test("a server answering 200 with garbage to everything fails the run, every failure explained")
    func garbage() async throws {
        let server = try LoopbackServer { _ in .respond(status: 200, body: "<<garbage>>", contentType: "text/plain") }
        defer { server.stop() }
        let report = try await runSuite(server.baseURL)
        #expect(report.outcomes.count == ConformanceCatalog.all.count)
        #expect(!report.conforms)
        #expect(report.ids(.pass).isEmpty)
        for outcome in report.outcomes where outcome.verdict == .fail {
            #expect(outcome.messages.first?.isEmpty == false && outcome.exchange?.responseBody == "<<garbage>>", "\(outcome.id)")
        }
    }

    @Test("a server that closes every connection but the first: the checks fail, and after three silent checks the rest are not run")
    func closesConnections() async throws {
        let server = try LoopbackServer { request in
            request.method == "GET" && request.path == "/api/games" && request.ordinal == 1 ? .json("[]") : .dropBeforeReply
        }
        defer { server.stop() }
        let report = try await runSuite(server.baseURL)
        #expect(report.ids(.fail).count == ConformanceCatalog.all.count)
        #expect(report.outcomes.last?.messages.first?.hasPrefix("Not run: the server stopped answering") == true)
        #expect(report.outcomes.first?.exchange?.transportError != nil)
    }

    @Test("a server that hangs on every POST: each request meets its deadline and the run ends")
    func hangs() async throws {
        let server = try LoopbackServer { request in
            request.method == "POST" ? .noReply : .json("[]")
        }
        defer { server.stop() }
        let report = try await runSuite(server.baseURL, .init(requestTimeout: .milliseconds(300)))
        #expect(report.outcomes.count == ConformanceCatalog.all.count)
        #expect(!report.conforms)
        let first = try #require(report.outcomes.first)
        #expect(first.verdict == .fail && first.messages.first?.contains("did not answer before the deadline") == true, "\(first.messages)")
    }
}

/// What the probe puts on the wire: the bodies and Content-Types a check asks for, exactly.
@Suite("conformance probe")
struct ProbeTests {
    @Test("JSON, form, raw text under any Content-Type, and a body with no Content-Type at all")
    func sendsWhatItIsTold() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let exchange = try await CurlHTTPClient.withClient { http in
            let probe = APIProbe(baseURL: server.baseURL + "/", http: http, requestTimeout: .seconds(5))
            _ = try await probe.send(.post, "/api/games", .json([("gameName", "a b"), ("xPos", 3)]))
            _ = try await probe.send(.post, "/api/games", .form([("playerName", "ann b"), ("x", "1&2")]))
            _ = try await probe.send(.post, "/api/games", .raw(contentType: "text/plain", text: "{\"a\":1}"))
            _ = try await probe.send(.post, "/api/games", .raw(contentType: nil, text: "{\"a\":1}"))
            return try await probe.get("/api/games")
        }
        let requests = server.requests
        #expect(requests.map(\.headers["content-type"]) == ["application/json", "application/x-www-form-urlencoded", "text/plain", nil, nil])
        #expect(requests.map(\.bodyText) == [#"{"gameName":"a b","xPos":3}"#, "playerName=ann+b&x=1%262", #"{"a":1}"#, #"{"a":1}"#, ""])
        #expect(requests.last?.method == "GET" && exchange.status == 200 && exchange.json == .object([]))
    }
}
