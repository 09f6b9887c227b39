/// What is wrong with a tournament file, and where: printed as `FILE:LINE: problem`.
public struct TournamentFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, as the user named it.
    public var file: String
    /// The 1-based line of the problem, when known.
    public var line: Int?
    /// What is wrong and what to do.
    public var message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}
