import BattleshipAPI
import CurlHTTP
import Foundation
import JSONCoding

/// Turns an HTTP response into a decoded reply or the matching ``BattleshipClientError``.
enum ReplyDecoder {
    /// The longest server message kept in an error.
    static let maxMessageLength = 300

    static func decode<Reply: JSONReadable>(_ type: Reply.Type, from response: HTTPResponse, operation: String) throws(BattleshipClientError) -> Reply
    {
        switch response.status {
        case 200..<300:
            do {
                return try Reply(jsonBytes: response.body)
            } catch {
                throw .undecodable(operation: operation, reason: describe(error))
            }
        case 400..<500:
            throw .rejected(status: response.status, message: message(of: response))
        case 500..<600:
            throw .serverError(status: response.status, message: message(of: response))
        default:
            throw .undecodable(operation: operation, reason: "unexpected HTTP status \(response.status)")
        }
    }

    /// The server's message in an error reply: the `message` of a JSON body, or the body as
    /// plain text (the reference server answers a bad player id that way).
    static func message(of response: HTTPResponse) -> String {
        if let body = try? ErrorBody(jsonBytes: response.body) {
            return body.message
        }
        let text = response.bodyText.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty {
            return "HTTP \(response.status) with an empty body"
        }
        // Express sends the reference's plain-text error as `text/html`, so judge by the text.
        if text.hasPrefix("<") {
            return "HTTP \(response.status) with an HTML page"
        }
        return text.count > maxMessageLength ? String(text.prefix(maxMessageLength)) + "…" : text
    }

    /// A one-line account of what was wrong with a reply's JSON: `the reply is not valid
    /// JSON: … at byte 1`, `missing field "winner" at the top level`, `expected a boolean at
    /// isYourTurn, found a string (byte 14)`.
    static func describe(_ error: JSONError) -> String {
        if case .syntax = error.problem {
            return "the reply is " + error.description
        }
        return error.description
    }
}
