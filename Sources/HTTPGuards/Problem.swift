import Foundation
import Hummingbird
import JSONCoding
import NIOCore

/// A refusal of one of Salvo's HTTP services, thrown by a handler or a middleware and sent as
/// one shape: its status, `{KEY: "SENTENCE"}` (what was wrong and what to do), and the headers
/// it needs (`Retry-After`, `WWW-Authenticate`, `Allow`). KEY is `error` on Salvo's own
/// services (the arena, the live board); the wire-compatible Battleship server keeps the
/// reference's `message` (``Key/message``), whose clients read that key. Every error reply of
/// the three is one of these: ServiceKit's `ProblemMiddleware` turns what else is thrown into one.
///
/// ```swift
/// throw Problem(.tooManyRequests, "wait 10 s, then send fewer", retryAfter: 10)
/// ```
public struct Problem: Error, HTTPResponseError, ProblemConvertible, Sendable, Hashable {
    /// The body's one key.
    public enum Key: String, Sendable, Hashable {
        /// `{"error": …}`, slashes escaped (so no `</script>` can form in it), never cached: Salvo's own services.
        case error
        /// `{"message": …}`, written as the reference server writes it: the Battleship API's wire.
        case message
    }

    public let status: HTTPResponse.Status
    /// The sentence the client reads under ``key``.
    public let message: String
    public var headers: HTTPFields
    public var key: Key

    public init(_ status: HTTPResponse.Status, _ message: String, retryAfter seconds: Int? = nil, headers: HTTPFields = [:], key: Key = .error) {
        self.status = status
        self.message = message
        self.headers = headers
        self.key = key
        if let seconds { self.headers[.retryAfter] = String(max(1, seconds)) }
    }

    public var problem: Problem { self }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        response
    }

    /// The reply: the JSON body with its content type; under ``Key/error`` never cached.
    public var response: Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        let body: [UInt8]
        switch key {
        case .error:
            fields[.cacheControl] = "no-store"
            let encoded = try? JSONFormat.encoder(pretty: false, escapingSlashes: true).encode(["error": message])
            body = encoded.map(Array.init) ?? Array(#"{"error":"?"}"#.utf8)
        case .message:
            var writer = JSONWriter(capacity: message.utf8.count + 16)
            writer.beginObject()
            writer.key("message")
            writer.string(message)
            writer.endObject()
            body = writer.bytes
        }
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

extension HTTPResponse.Status {
    /// 507: the server's disk cannot hold what was sent; the server's fault, not the client's.
    public static let insufficientStorage = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
}
