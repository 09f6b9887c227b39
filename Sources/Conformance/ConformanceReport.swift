import Foundation
import JSONCoding

/// The results of one run of the suite, as `--json` writes them.
public struct ConformanceReport: Sendable, Codable {
    /// The server's root URL.
    public var server: String
    /// Every check's outcome, in catalog order.
    public var outcomes: [CheckOutcome]
    /// Wall-clock time of the run, in seconds.
    public var seconds: Double

    public init(server: String, outcomes: [CheckOutcome], seconds: Double) {
        self.server = server
        self.outcomes = outcomes
        self.seconds = seconds
    }

    public var passed: Int { outcomes.filter { $0.verdict == .pass }.count }
    public var warned: Int { outcomes.filter { $0.verdict == .warn }.count }
    public var failed: Int { outcomes.filter { $0.verdict == .fail }.count }
    /// Checks of extensions the server does not advertise.
    public var skipped: Int { outcomes.filter { $0.verdict == .skip }.count }
    /// Requests sent by all checks together.
    public var requestCount: Int { outcomes.reduce(0) { $0 + $1.requestCount } }

    /// Whether every check passed or only warned: the server conforms.
    public var conforms: Bool { failed == 0 }

    /// The ids of the checks with this verdict.
    public func ids(_ verdict: CheckOutcome.Verdict) -> [String] {
        outcomes.filter { $0.verdict == verdict }.map(\.id)
    }

    /// The report as pretty-printed JSON, keys sorted.
    public func jsonData() throws -> Data {
        struct Summary: Codable {
            var passed, warned, failed, skipped, requests: Int
            var conforms: Bool
        }
        struct File: Codable {
            var server: String
            var seconds: Double
            var summary: Summary
            var checks: [CheckOutcome]
        }
        return try JSONFormat.encoder().encode(
            File(
                server: server, seconds: seconds,
                summary: Summary(passed: passed, warned: warned, failed: failed, skipped: skipped, requests: requestCount, conforms: conforms),
                checks: outcomes
            ))
    }
}
