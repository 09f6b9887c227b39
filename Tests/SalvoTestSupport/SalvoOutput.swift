import Foundation

/// What a finished `salvo` child process left: its exit status and both output streams.
public struct SalvoOutput: Sendable {
    public var status: Int32
    /// Standard output as bytes (for commands that write files' contents to it).
    public var outData: Data
    public var err: String

    /// Standard output as text.
    public var out: String { String(decoding: outData, as: UTF8.self) }
}

/// The child outlived its deadline and was killed.
public struct SalvoTimedOut: Error, CustomStringConvertible {
    public var arguments: [String]
    public var description: String { "salvo \(arguments.joined(separator: " ")) did not finish in time and was killed" }
}
