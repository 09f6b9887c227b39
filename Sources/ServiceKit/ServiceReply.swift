import Foundation
import Hummingbird
import JSONCoding
import NIOCore

/// The plain replies of Salvo's own services (the live board, the arena): bytes with their
/// content type, never cached by the browser nor sniffed as another type. Their refusals are
/// thrown ``HTTPGuards/Problem``s instead.
///
/// ```swift
/// router.get("/standings.json") { _, _ in ServiceReply.bytes(snapshot.json, contentType: "application/json") }
/// ```
public enum ServiceReply {
    public static func bytes(_ bytes: [UInt8], contentType: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: contentType, .cacheControl: "no-store", .xContentTypeOptions: "nosniff"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }

    public static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        bytes(Array(text.utf8), contentType: "text/html; charset=utf-8", status: status)
    }

    /// `value` as JSON (JSONFormat's encoder, slashes escaped); throws when it cannot be
    /// encoded (a 500 through ``ProblemMiddleware``), never an empty 200.
    public static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        bytes(Array(try JSONFormat.encoder(pretty: false, escapingSlashes: true).encode(value)), contentType: "application/json", status: status)
    }
}
