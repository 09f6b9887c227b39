import BattleshipAPI
import Foundation
import Hummingbird

/// Builds JSON replies with the reference server's content type.
enum JSONResponse {
    private static let headers: HTTPFields = [.contentType: WireConstants.jsonContentType]

    /// Keys in a fixed (sorted) order, so replies are the same byte for byte every time.
    private static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A reply whose body is `value` encoded as JSON.
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        // Encoding the plain wire structs cannot fail; an empty object is the safe fallback.
        let data = (try? makeEncoder().encode(value)) ?? Data("{}".utf8)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A reply whose body is already encoded JSON text.
    static func raw(_ json: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: json)))
    }
}
