/// The requirements of `--require` graded against the run (``LoadRequirement``), as load.json's
/// `requirements` and load.html's table of requirements give them: each with what was measured
/// and its verdict, and the verdict of all (`broken` when any is). The exit status (3 when any
/// is broken) and the lines on stderr say the same.
///
/// ```swift
/// var report = LoadReport(result, embeddedServer: true)
/// report.grade(try LoadRequirement.parseList("errors=0,p99<50ms"))
/// report.requirements?.verdict   // .met or .broken
/// ```
extension LoadReport {
    /// `met` or `broken`.
    public enum Verdict: String, Codable, Sendable, Hashable {
        case met, broken
    }

    /// Every requirement of the run and the verdict of all.
    public struct Requirements: Codable, Sendable, Hashable {
        /// `broken` when any requirement is broken, else `met`.
        public var verdict: Verdict
        /// In the order `--require` gave them.
        public var checks: [RequirementCheck]

        public init(checks: [RequirementCheck]) {
            self.checks = checks
            verdict = checks.contains { $0.verdict == .broken } ? .broken : .met
        }
    }

    /// One requirement, what the run measured for it, and whether the run kept it.
    public struct RequirementCheck: Codable, Sendable, Hashable {
        /// As written, without spaces: `p99<50ms`, `guess:p99.9<=200ms`, `errors=0`.
        public var requirement: String
        /// The endpoint it is about; absent for all requests together.
        public var endpoint: String?
        /// `p50`, `p90`, `p95`, `p99`, `p99.9`, `max`, `mean` (latencies of successful
        /// requests), `errors`, `error-rate`, `rps` or `games/s`.
        public var metric: String
        /// `<`, `<=`, `>`, `>=` or `=`.
        public var comparison: String
        /// The bound, in ``unit``.
        public var limit: Double
        /// `ms` for a latency, `requests` for errors, `%` for the error rate, `requests/s`, `games/s`.
        public var unit: String
        /// What the run measured, in ``unit``; absent when there was nothing to measure (the
        /// endpoint sent no request, or none of its requests succeeded for a latency), which
        /// breaks the requirement.
        public var measured: Double?
        public var verdict: Verdict
        /// Why nothing was measured; absent when something was.
        public var reason: String?
    }

    /// Grades `requirements` against this report and keeps the verdicts in ``requirements``
    /// (nil when there are none), so that load.json and load.html carry them.
    public mutating func grade(_ requirements: [LoadRequirement]) {
        self.requirements = requirements.isEmpty ? nil : Requirements(checks: requirements.map { $0.check(self) })
    }
}
