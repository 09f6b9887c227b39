import Foundation
import Logging
import SalvoTestSupport
import Testing

@testable import BattleshipServer

/// `salvo serve --access-log FILE`: one JSON line per request, with the status the client got.
@Suite("Access log")
struct AccessLogTests {
    @Test("each request is one JSON line with its method, path, status and time; errors and unknown routes too")
    func linesPerRequest() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-access-\(UUID().uuidString).log").path
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, databasePath: nil)
        configuration.accessLog = try #require(AccessLog(path: path))
        var logger = Logger(label: "access")
        logger.logLevel = .critical
        try await withRunning(SalvoServer.start(configuration, logger: logger)) { server in
            #expect(try await RawHTTP.get(port: server.port, "/api/games").status == 200)
            #expect(try await RawHTTP.post(port: server.port, "/api/games", json: ["gameName": "-", "playerName": "x"]).status == 400)
            #expect(try await RawHTTP.get(port: server.port, "/nowhere").status == 404)
            let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            let records = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
            #expect(
                records.map { "\($0["method"] ?? "") \($0["path"] ?? "") \($0["status"] ?? "")" } == [
                    "GET /api/games 200", "POST /api/games 400", "GET /nowhere 404",
                ])
            #expect(
                records.allSatisfy {
                    ($0["ms"] as? Double ?? -1) >= 0 && ($0["time"] as? String).flatMap { ISO8601DateFormatter.withFraction.date(from: $0) } != nil
                })
            // Keys in alphabetical order, slashes as they are, as the log has always been written.
            #expect(
                lines.map { $0.replacing(/"ms":[0-9.e-]+,/, with: "\"ms\":M,").replacing(/"time":"[^"]+"/, with: "\"time\":T") } == [
                    #"{"method":"GET","ms":M,"path":"/api/games","status":200,"time":T}"#,
                    #"{"method":"POST","ms":M,"path":"/api/games","status":400,"time":T}"#,
                    #"{"method":"GET","ms":M,"path":"/nowhere","status":404,"time":T}"#,
                ])
            #expect(AccessLog(path: "/nonexistent-folder/x.log") == nil)
        }
    }
}

extension ISO8601DateFormatter {
    /// RFC 3339 with milliseconds and a zone: what the access log writes.
    static var withFraction: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
