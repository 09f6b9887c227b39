import Foundation

/// A Python check failed for a reason other than the documents checked.
public struct ProjectPythonFailed: Error, CustomStringConvertible {
    public let status: Int32
    public let output: String

    public var description: String {
        "The project's Python check exited with status \(status): \(output.trimmingCharacters(in: .whitespacesAndNewlines))"
    }
}
