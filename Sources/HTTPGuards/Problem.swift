import Foundation
import Hummingbird
import JSONCoding
import NIOCore

/// A refusal of Salvo's own services (the arena, the live board), thrown by a handler or a
/// middleware and sent as one shape: its status, `{"error": "SENTENCE"}` (what was wrong and what
/// to do), and the headers it needs (`Retry-After`, `WWW-Authenticate`). The wire-compatible
/// Battleship server keeps the reference's own shape instead (`APIError`, `{"message": …}`).
///
/// ```swift
/// throw Problem(.tooManyRequests, "wait 10 s, then send fewer", retryAfter: 10)
/// ```
public struct Problem: Error, HTTPResponseError, Sendable, Hashable {
    public let status: HTTPResponse.Status
    /// The sentence the client reads in `error`.
    public let message: String
    public var headers: HTTPFields

    public init(_ status: HTTPResponse.Status, _ message: String, retryAfter seconds: Int? = nil, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
        if let seconds { self.headers[.retryAfter] = String(max(1, seconds)) }
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        response
    }

    /// The reply: the JSON body (slashes escaped, so no `</script>` can form in it), never cached.
    public var response: Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.cacheControl] = "no-store"
        let body = (try? JSONFormat.encoder(pretty: false, escapingSlashes: true).encode(["error": message])) ?? Data(#"{"error":"?"}"#.utf8)
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}

extension HTTPResponse.Status {
    /// 507: the server's disk cannot hold what was sent; the server's fault, not the client's.
    public static let insufficientStorage = HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
}
