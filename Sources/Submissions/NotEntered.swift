/// A subfolder of `bots_from:` that is not entered in the tournament, and why.
public struct NotEntered: Hashable, Sendable, CustomStringConvertible {
    /// The subfolder's name.
    public var folder: String
    /// The label its manifest's `name:` gives, as shown (``SubmissionLabels``), when it could be read.
    public var name: String?
    /// Why, in a sentence that says what to do; for a failed build, with its log's tail.
    public var reason: String
    /// The build log, for a bot whose build failed.
    public var buildLog: String?

    public init(folder: String, name: String? = nil, reason: String, buildLog: String? = nil) {
        self.folder = folder
        self.name = name
        self.reason = reason
        self.buildLog = buildLog
    }

    /// A reason in one line, without a build log's tail: "the build failed (exit status 1)".
    public static func shortReason(_ reason: String) -> String {
        let line = reason.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        if let tail = line.range(of: "; the end of its log") { return String(line[..<tail.lowerBound]) }
        return line
    }

    public var description: String {
        "\(folder)\(name.map { $0 == folder ? "" : " (\($0))" } ?? ""): \(reason)"
    }
}
