/// Why a `bots_from:` folder cannot be read at all (a single submission's problem is a
/// ``NotEntered`` instead).
public struct SubmissionFolderError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
