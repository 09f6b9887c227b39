import Conformance
import Foundation
import SalvoTestSupport
import Testing

/// The suite against Salvo's own server, which follows the API reference and fixes its bugs:
/// every check passes, with no warning.
/// The time limit guards against a hang only: on two loaded cores a request can take seconds.
@Suite("salvo check against the embedded server", .timeLimit(.minutes(10)))
struct EmbeddedServerTests {
    @Test("every check passes, none warns, and every check id is reported once in catalog order")
    func embeddedServerConforms() async throws {
        try await withRunning(startEmbeddedServer()) { server in
            let report = try await runSuite(server.baseURL)
            #expect(report.ids(.fail).isEmpty, "\(describe(report))")
            #expect(report.ids(.warn).isEmpty, "\(describe(report))")
            #expect(
                report.ids(.skip).isEmpty && report.ids(.pass).contains("extension.fleet"), "Salvo's server advertises and honours its extensions")
            #expect(report.outcomes.map(\.id) == ConformanceCatalog.all.map(\.id))
            #expect(report.conforms)
            #expect(report.requestCount > 500)
        }
    }

    @Test("`salvo check --server URL` prints a line per check and the summary, writes the JSON report, and exits 0")
    func commandPasses() async throws {
        try await withRunning(startEmbeddedServer()) { server in
            let jsonPath = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString).json").path
            defer { try? FileManager.default.removeItem(atPath: jsonPath) }
            let result = try await runSalvo(["check", "--server", server.baseURL, "--timeout", "30", "--json", jsonPath], timeout: .seconds(540))
            #expect(result.status == 0, "\(result.out)\(result.err)")
            let lines = result.out.split(separator: "\n").map(String.init)
            let count = ConformanceCatalog.all.count
            #expect(lines.filter { $0.hasPrefix("PASS  ") }.count == count)
            #expect(lines.contains { $0.hasPrefix("PASS  guess.out-of-turn ") })
            #expect(
                lines.contains { $0.hasPrefix("\(count) checks: \(count) passed, 0 warned, 0 failed") && $0.hasSuffix("against \(server.baseURL)") })
            #expect(lines.last == "The server conforms: every required check passed.")
            let file = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: jsonPath))) as? [String: Any]
            let summary = file?["summary"] as? [String: Any]
            #expect(summary?["failed"] as? Int == 0 && summary?["passed"] as? Int == count && summary?["conforms"] as? Bool == true)
            #expect((file?["checks"] as? [[String: Any]])?.count == count)
        }
    }

    @Test("`salvo check --server embedded` checks Salvo's own server in-process and exits 0")
    func commandEmbedded() async throws {
        let result = try await runSalvo(["check", "--server", "embedded", "--timeout", "30", "--only", "keys", "--only", "guess.out-of-turn"])
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect(result.out.contains("PASS  keys.create-reply") && result.out.contains("PASS  guess.out-of-turn "))
        #expect(!result.out.contains("errors.coordinates"))
    }
}
