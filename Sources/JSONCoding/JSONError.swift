/// Why a JSON text could not be read as asked: what was wrong, the byte offset where it was
/// found, and the key path that leads there (`playerBoard[3].status`).
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Problem: Hashable, Sendable {
        /// The text is not JSON (RFC 8259); the reason says what was found instead.
        case syntax(String)
        /// Valid JSON, but another kind of value than the reader was asked for.
        case typeMismatch(expected: String, found: String)
        /// An object lacks a member the reader requires.
        case missingField(String)
        /// A value of the right kind that is not acceptable, such as a number out of range.
        case invalidValue(String)
    }

    /// One step of a key path: an object's key or an array's index.
    public enum PathComponent: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public var problem: Problem
    /// The offset in bytes from the start of the text where the problem was found.
    public var offset: Int
    /// The keys and indices from the top of the text to the value at fault; empty at the top.
    public var path: [PathComponent]

    public init(problem: Problem, offset: Int, path: [PathComponent] = []) {
        self.problem = problem
        self.offset = offset
        self.path = path
    }

    /// The path as `playerBoard[3].status`, or `the top level` when it is empty.
    public var pathText: String {
        guard !path.isEmpty else { return "the top level" }
        var text = ""
        for component in path {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// One line for a user: `expected a boolean at isYourTurn, found a string (byte 14)`,
    /// `missing field "winner" at the top level`, `not valid JSON: expected ':' after the key
    /// at byte 9 (in players[0])`.
    public var description: String {
        switch problem {
        case .syntax(let reason):
            "not valid JSON: \(reason) at byte \(offset)" + (path.isEmpty ? "" : " (in \(pathText))")
        case .typeMismatch(let expected, let found):
            "expected \(expected) at \(pathText), found \(found) (byte \(offset))"
        case .missingField(let name):
            "missing field \"\(name)\" at \(pathText)"
        case .invalidValue(let reason):
            "bad value at \(pathText): \(reason) (byte \(offset))"
        }
    }
}
