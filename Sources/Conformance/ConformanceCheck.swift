/// One named check of the conformance suite: a stable id, what it verifies, how much it
/// matters, and the code that talks to the server.
public struct ConformanceCheck: Sendable {
    /// How a deviation found by the check counts.
    public enum Severity: String, Sendable, Codable {
        /// The API requires it: a deviation fails the run.
        case required
        /// The reference server had a listed bug here: behaving like the reference is a
        /// warning, behaving any other wrong way a failure.
        case referenceBug = "reference-bug"
        /// The spec leaves room: a deviation is a warning, only a crash or a 5xx a failure.
        case advisory
    }

    /// A stable id such as `guess.out-of-turn`, for reports and `--only`.
    public let id: String
    public let severity: Severity
    /// One sentence: what a conforming server does.
    public let title: String
    /// Talks to the server; throws a ``CheckFinding`` on the first deviation, or records
    /// warnings in the context and returns.
    public let body: @Sendable (CheckContext) async throws -> Void

    public init(
        _ id: String,
        _ severity: Severity = .required,
        _ title: String,
        body: @escaping @Sendable (CheckContext) async throws -> Void
    ) {
        self.id = id
        self.severity = severity
        self.title = title
        self.body = body
    }
}
