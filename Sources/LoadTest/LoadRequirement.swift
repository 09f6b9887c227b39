/// One promise a load run must keep, for a CI pipeline that grades a server: `salvo load
/// --require 'p99<50ms,errors=0'` exits non-zero, with one line per broken requirement, when
/// the run misses any.
///
/// A requirement is `[ENDPOINT:]METRIC OP VALUE[UNIT]`:
/// - METRIC: a latency (`p50`, `p90`, `p95`, `p99`, `p99.9`, `max`, `mean`; units `us`, `ms`
///   (the default) or `s`); `errors` (failed requests); `error-rate` (percent of requests,
///   `%` optional); `rps` (requests per second); `games/s` (finished games per second, the
///   whole run only);
/// - ENDPOINT: `create`, `join`, `guess`, `status`, `board`, `list` or `detail`; without it,
///   all requests together;
/// - OP: `<`, `<=`, `>`, `>=` or `=`.
///
/// ```swift
/// let requirements = try LoadRequirement.parseList("p99<50ms, guess:p99.9<=200ms, errors=0, rps>=500")
/// let broken = requirements.compactMap { $0.brokenBy(report) }   // one sentence each
/// ```
public struct LoadRequirement: Hashable, Sendable, CustomStringConvertible {
    public enum Metric: Hashable, Sendable {
        case latency(percentile: String)
        case errors
        case errorRate
        case requestsPerSecond
        case gamesPerSecond
    }

    public enum Comparison: String, Hashable, Sendable, CaseIterable {
        case lessOrEqual = "<="
        case greaterOrEqual = ">="
        case less = "<"
        case greater = ">"
        case equal = "="

        func holds(_ measured: Double, _ limit: Double) -> Bool {
            switch self {
            case .less: measured < limit
            case .lessOrEqual: measured <= limit
            case .greater: measured > limit
            case .greaterOrEqual: measured >= limit
            case .equal: measured == limit
            }
        }
    }

    /// Why a requirement could not be read.
    public struct ParseError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// nil for all requests together.
    public let endpoint: Endpoint?
    public let metric: Metric
    public let comparison: Comparison
    /// In the metric's unit: milliseconds for latencies, percent for the error rate.
    public let limit: Double
    /// As written.
    public let text: String

    public var description: String { text }

    static let latencyNames = ["p50", "p90", "p95", "p99", "p99.9", "max", "mean"]

    /// A comma-separated list.
    public static func parseList(_ text: String) throws(ParseError) -> [LoadRequirement] {
        var requirements: [LoadRequirement] = []
        for part in text.split(separator: ",") {
            requirements.append(try LoadRequirement(parsing: String(part)))
        }
        guard !requirements.isEmpty else { throw ParseError(description: "--require is empty; give requirements such as 'p99<50ms,errors=0'") }
        return requirements
    }

    public init(parsing raw: String) throws(ParseError) {
        let text = raw.filter { !$0.isWhitespace }
        self.text = text
        func fail(_ why: String) -> ParseError {
            ParseError(
                description:
                    "cannot read the requirement '\(text)': \(why); write it as [endpoint:]metric<value, such as p99<50ms, guess:p99.9<=200ms, errors=0, error-rate<0.1%, rps>=500"
            )
        }
        guard let comparison = Comparison.allCases.first(where: { text.contains($0.rawValue) }),
            let range = text.range(of: comparison.rawValue)
        else { throw fail("it has no <, <=, >, >= or =") }
        var subject = String(text[..<range.lowerBound])
        var value = String(text[range.upperBound...])
        if let colon = subject.firstIndex(of: ":") {
            let name = String(subject[..<colon])
            guard let endpoint = Endpoint(rawValue: name) else {
                throw fail("\(name) is not an endpoint (create, join, guess, status, board, list, detail)")
            }
            self.endpoint = endpoint
            subject = String(subject[subject.index(after: colon)...])
        } else {
            endpoint = nil
        }
        var scale = 1.0
        switch subject {
        case let name where Self.latencyNames.contains(name):
            metric = .latency(percentile: name)
            for (unit, factor) in [("us", 0.001), ("µs", 0.001), ("ms", 1.0), ("s", 1000.0)] where value.hasSuffix(unit) {
                value.removeLast(unit.count)
                scale = factor
                break
            }
        case "errors": metric = .errors
        case "error-rate":
            metric = .errorRate
            if value.hasSuffix("%") { value.removeLast() }
        case "rps": metric = .requestsPerSecond
        case "games/s":
            guard endpoint == nil else { throw fail("games/s is a figure of the whole run, not of one endpoint") }
            metric = .gamesPerSecond
        default:
            throw fail(
                "\(subject.isEmpty ? "the metric is missing" : subject + " is not a metric") (p50, p90, p95, p99, p99.9, max, mean, errors, error-rate, rps, games/s)"
            )
        }
        guard let number = Double(value), number.isFinite else {
            throw fail("\(value.isEmpty ? "the value is missing" : value + " is not a number")")
        }
        self.comparison = comparison
        limit = number * scale
    }

    /// The metric's name as written: `p99`, `errors`, `error-rate`, `rps`, `games/s`.
    public var metricName: String {
        switch metric {
        case .latency(let name): name
        case .errors: "errors"
        case .errorRate: "error-rate"
        case .requestsPerSecond: "rps"
        case .gamesPerSecond: "games/s"
        }
    }

    /// The unit of the limit and of what is measured, as load.json names it.
    public var unit: String {
        switch metric {
        case .latency: "ms"
        case .errors: "requests"
        case .errorRate: "%"
        case .requestsPerSecond: "requests/s"
        case .gamesPerSecond: "games/s"
        }
    }

    /// What `report` measured for this requirement, in ``unit``; nil with the reason when
    /// there is nothing to measure: the endpoint sent no request, or, for a latency, none of
    /// its requests succeeded (latencies are those of successful requests: a run whose every
    /// request failed has none, not a latency of 0).
    public func measured(in report: LoadReport) -> (value: Double?, reason: String?) {
        let row: LoadReport.EndpointRow?
        if let endpoint { row = report.endpoints.first { $0.endpoint == endpoint.rawValue } } else { row = report.total }
        let subject = endpoint.map { "\($0.rawValue)" } ?? "the run"
        guard let row, row.requests > 0 || metric == .gamesPerSecond else { return (nil, "\(subject) sent no request") }
        let failed = row.errorCount ?? row.errors.values.reduce(0, +)
        switch metric {
        case .latency(let name):
            guard row.requests > failed else { return (nil, "no request of \(subject) succeeded, so there is no latency to measure") }
            let figures = row.latency
            let values = [
                "p50": figures.p50, "p90": figures.p90, "p95": figures.p95 ?? figures.p99, "p99": figures.p99, "p99.9": figures.p999,
                "max": figures.max, "mean": figures.mean,
            ]
            return (values[name] ?? 0, nil)
        case .errors: return (Double(failed), nil)
        case .errorRate: return (100 * Double(failed) / Double(row.requests), nil)
        case .requestsPerSecond: return (row.requestsPerSecond, nil)
        case .gamesPerSecond: return (report.games.perSecond, nil)
        }
    }

    /// This requirement graded against `report`: what was measured, and met or broken.
    public func check(_ report: LoadReport) -> LoadReport.RequirementCheck {
        let (value, reason) = measured(in: report)
        let kept = value.map { comparison.holds($0, limit) } ?? false
        return LoadReport.RequirementCheck(
            requirement: text, endpoint: endpoint?.rawValue, metric: metricName, comparison: comparison.rawValue, limit: limit,
            unit: unit, measured: value, verdict: kept ? .met : .broken, reason: reason
        )
    }

    /// One sentence when `report` breaks this requirement; nil when it keeps it.
    public func brokenBy(_ report: LoadReport) -> String? {
        Self.sentence(check(report))
    }

    /// `p99<30ms: broken, measured 40ms` for a broken check; nil for a kept one.
    public static func sentence(_ check: LoadReport.RequirementCheck) -> String? {
        guard check.verdict == .broken else { return nil }
        guard let value = check.measured else { return "\(check.requirement): broken, \(check.reason ?? "nothing was measured")" }
        return "\(check.requirement): broken, measured \(shown(value))\(shownUnit(check.unit))"
    }

    /// A measured value as the sentences show it: whole numbers without decimals, others to 3.
    public static func shown(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.3f", value)
    }

    /// The unit after a value: `ms` and `%` joined to it, a word after a space, none for a count.
    static func shownUnit(_ unit: String) -> String {
        switch unit {
        case "ms", "%": unit
        case "requests": ""
        default: " " + unit
        }
    }
}
