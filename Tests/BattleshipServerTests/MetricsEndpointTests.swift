import Foundation
import Testing

/// `GET /metrics` of a real `salvo serve` process (swift-metrics has one backend per process, so
/// the in-process test servers have none): Prometheus's text format, scraped as Prometheus would.
@Suite("salvo serve's /metrics")
struct MetricsEndpointTests {
    @Test("requests are counted by route, method and status, and timed in a histogram")
    func scrape() async throws {
        let path = NSTemporaryDirectory() + "salvo-metrics-\(UUID().uuidString.prefix(8)).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let server = try await ServerProcess.start(databasePath: path)
        defer { server.kill() }
        for _ in 0..<3 { #expect(try await RawHTTP.get(port: server.port, "/health").status == 200) }
        #expect(try await RawHTTP.post(port: server.port, "/api/games", json: ["gameName": "m", "playerName": "a"]).status == 200)
        #expect(try await RawHTTP.post(port: server.port, "/api/games/x/join", json: ["playerName": "b"]).status == 400)

        let expected = [
            #"hb_requests{http_route="/health",http_request_method="GET",http_response_status_code="200"} 3"#,
            #"hb_requests{http_route="/api/games",http_request_method="POST",http_response_status_code="200"} 1"#,
            #"hb_requests{http_route="/api/games/{id}/join",http_request_method="POST",http_response_status_code="400"} 1"#,
            #"http_server_request_duration_count{http_route="/health",http_request_method="GET",http_response_status_code="200"} 3"#,
        ]
        // A request is counted once its reply is written, just after the client has it: scrape
        // until every count is there (a hang guard, not a time bound).
        var scraped = try await RawHTTP.get(port: server.port, "/metrics")
        let deadline = Date().addingTimeInterval(120)
        while !expected.allSatisfy({ scraped.text.contains($0 + "\n") }) && Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
            scraped = try await RawHTTP.get(port: server.port, "/metrics")
        }
        #expect(scraped.status == 200)
        #expect(scraped.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8")
        for line in expected { #expect(scraped.text.contains(line + "\n"), "\(line) not in:\n\(scraped.text)") }
        #expect(scraped.text.contains("# TYPE http_server_request_duration histogram\n"))
    }
}
