import Foundation

/// What a finished child process left (``TestProcess``; `salvo` mostly, hence the name): its
/// exit status and both output streams.
public struct SalvoOutput: Sendable {
    /// The exit status, or the signal's number when ``signalled``.
    public var status: Int32
    /// Standard output as bytes (for commands that write files' contents to it).
    public var outData: Data
    public var err: String
    /// Whether a signal ended it (``status`` is then the signal's number).
    public var signalled = false

    /// Standard output as text.
    public var out: String { String(decoding: outData, as: UTF8.self) }
}

/// The child outlived its deadline and was killed, or left a process of its own holding its
/// output after it exited.
public struct SalvoTimedOut: Error, CustomStringConvertible {
    /// The command line, the program first.
    public var arguments: [String]
    public var leftOutputOpen = false
    public var description: String {
        leftOutputOpen
            ? "\(arguments.joined(separator: " ")) exited, but a process it started still holds its output"
            : "\(arguments.joined(separator: " ")) did not finish in time and was killed"
    }
}
