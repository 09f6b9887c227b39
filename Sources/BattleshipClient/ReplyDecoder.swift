import BattleshipAPI
import CurlHTTP
import Foundation

/// Turns an HTTP response into a decoded reply or the matching ``BattleshipClientError``.
enum ReplyDecoder {
    /// The longest server message kept in an error.
    static let maxMessageLength = 300

    static func decode<Reply: Decodable>(_ type: Reply.Type, from response: HTTPResponse, operation: String) throws -> Reply {
        switch response.status {
        case 200..<300:
            do {
                return try JSONDecoder().decode(Reply.self, from: Data(response.body))
            } catch let error as DecodingError {
                throw BattleshipClientError.undecodable(operation: operation, reason: describe(error))
            }
        case 400..<500:
            throw BattleshipClientError.rejected(status: response.status, message: message(of: response))
        case 500..<600:
            throw BattleshipClientError.serverError(status: response.status, message: message(of: response))
        default:
            throw BattleshipClientError.undecodable(operation: operation, reason: "unexpected HTTP status \(response.status)")
        }
    }

    /// The server's message in an error reply: the `message` of a JSON body, or the body as
    /// plain text (the reference server answers a bad player id that way).
    static func message(of response: HTTPResponse) -> String {
        if let body = try? JSONDecoder().decode(ErrorBody.self, from: Data(response.body)) {
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

    /// A one-line account of what was wrong with a reply's JSON.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the top level" : keys.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "the reply is not valid JSON" : "bad value at \(path(context))"
        case .keyNotFound(let key, let context):
            return "missing field \"\(key.stringValue)\" at \(path(context))"
        case .typeMismatch(let type, let context):
            return "expected \(type) at \(path(context))"
        case .valueNotFound(let type, let context):
            return "expected \(type) at \(path(context)), found null"
        @unknown default:
            return "the reply is not the expected JSON"
        }
    }
}
