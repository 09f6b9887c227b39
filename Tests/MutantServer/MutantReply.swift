import Foundation

/// What the mutant server answers: a status, a body and its content type.
struct MutantReply: Sendable {
    var status: Int
    var body: String
    var contentType = "application/json; charset=utf-8"

    static func json(_ body: String) -> MutantReply {
        MutantReply(status: 200, body: body)
    }

    static func error(_ message: String, status: Int = 400) -> MutantReply {
        MutantReply(status: status, body: "{\"message\":\(quote(message))}")
    }

    static func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
