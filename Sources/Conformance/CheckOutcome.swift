/// The result of one check: its verdict, and for a failure or warning what was wrong and
/// the exchange that shows it.
public struct CheckOutcome: Sendable, Codable, Hashable {
    /// Pass, warn or fail.
    public enum Verdict: String, Sendable, Codable {
        case pass = "PASS"
        case warn = "WARN"
        case fail = "FAIL"
        /// The check does not apply: it tests an extension the server does not advertise.
        case skip = "SKIP"
    }

    public var id: String
    public var severity: ConformanceCheck.Severity
    public var verdict: Verdict
    /// What the check verifies.
    public var title: String
    /// What went wrong (failure or warnings), empty on a pass.
    public var messages: [String]
    /// The exchange that shows the failure or the first warning.
    public var exchange: Exchange?
    /// How many requests the check sent.
    public var requestCount: Int
    /// How long the check took, in seconds.
    public var seconds: Double

    public init(
        id: String, severity: ConformanceCheck.Severity, verdict: Verdict, title: String,
        messages: [String] = [], exchange: Exchange? = nil, requestCount: Int = 0, seconds: Double = 0
    ) {
        self.id = id
        self.severity = severity
        self.verdict = verdict
        self.title = title
        self.messages = messages
        self.exchange = exchange
        self.requestCount = requestCount
        self.seconds = seconds
    }
}
