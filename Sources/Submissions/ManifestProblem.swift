/// What is wrong with a `bot.yaml`, and where: `bot.yaml:3: unknown key ...`.
public struct ManifestProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line, when known.
    public var line: Int?
    /// What is wrong and what to do.
    public var message: String

    public init(line: Int?, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "\(SubmissionManifest.fileName):\(line): \(message)" }
        return "\(SubmissionManifest.fileName): \(message)"
    }
}
