import Foundation

/// Renders outcomes and the summary as the text `salvo check` prints: one line per
/// check, the request and response under a failure, bodies shortened.
public struct ReportFormatter: Sendable {
    /// Whether warnings show their exchange too, and every line its request count and time.
    public var verbose: Bool
    /// The most characters of a body shown.
    public var bodyLimit: Int
    /// The width of the id column.
    public var idWidth: Int

    public init(verbose: Bool = false, bodyLimit: Int = 240, idWidth: Int = ConformanceCatalog.all.map(\.id.count).max() ?? 30) {
        self.verbose = verbose
        self.bodyLimit = bodyLimit
        self.idWidth = idWidth
    }

    /// The lines for one outcome.
    public func lines(for outcome: CheckOutcome) -> [String] {
        let id = outcome.id.padding(toLength: idWidth, withPad: " ", startingAt: 0)
        let milliseconds = Int((outcome.seconds * 1000).rounded())
        let count = verbose ? "  [\(outcome.requestCount) request\(outcome.requestCount == 1 ? "" : "s"), \(milliseconds) ms]" : ""
        switch outcome.verdict {
        case .pass:
            return ["PASS  \(id)  \(outcome.title)\(count)"]
        case .skip:
            return ["SKIP  \(id)  \(outcome.messages.first ?? outcome.title)"]
        case .warn, .fail:
            var lines = ["\(outcome.verdict.rawValue)  \(id)  \(outcome.messages.first ?? outcome.title)\(count)"]
            let indent = String(repeating: " ", count: idWidth + 8)
            lines += outcome.messages.dropFirst().map { indent + $0 }
            if let exchange = outcome.exchange, outcome.verdict == .fail || verbose {
                lines += self.lines(for: exchange).map { indent + $0 }
            }
            return lines
        }
    }

    /// `> POST /api/…  {"playerId":…}` and `< 400  {"message":…}` for an exchange.
    public func lines(for exchange: Exchange) -> [String] {
        var request = "> \(exchange.requestLine)"
        if let type = exchange.requestContentType { request += "  (\(type))" }
        if !exchange.requestBody.isEmpty { request += "  " + shorten(exchange.requestBody) }
        var response = "< "
        if let status = exchange.status {
            response += "\(status)"
            if let type = exchange.responseContentType { response += "  (\(type))" }
            response += "  " + (exchange.responseBody.isEmpty ? "(empty body)" : shorten(exchange.responseBody))
        } else {
            response += "no reply: \(exchange.transportError ?? "unknown")"
        }
        return [request, response]
    }

    /// The summary line and the verdict line.
    public func summary(_ report: ConformanceReport) -> [String] {
        let seconds = (report.seconds * 10).rounded() / 10
        let skipped = report.skipped > 0 ? ", \(report.skipped) skipped" : ""
        let head =
            "\(report.outcomes.count) checks: \(report.passed) passed, \(report.warned) warned, \(report.failed) failed\(skipped) "
            + "(\(report.requestCount) requests in \(seconds) s) against \(report.server)"
        let verdict =
            report.conforms
            ? "The server conforms: every required check passed\(report.warned > 0 ? "; warnings mark deviations the reference server shares or the spec tolerates" : "")."
            : "The server does not conform: \(report.failed) check\(report.failed == 1 ? "" : "s") failed."
        return [head, verdict]
    }

    /// `text` on one line, at most `bodyLimit` characters, with what was cut said.
    func shorten(_ text: String) -> String {
        let flat = text.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
        guard flat.count > bodyLimit else { return flat }
        return String(flat.prefix(bodyLimit)) + "… (\(text.utf8.count) bytes in all)"
    }
}
