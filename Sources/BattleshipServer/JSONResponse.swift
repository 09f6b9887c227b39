import BattleshipAPI
import Hummingbird
import JSONCoding

/// Builds JSON replies with the reference server's content type (its refusals are thrown
/// ``APIError``s, sent as problems).
enum JSONResponse {
    private static let headers: HTTPFields = [.contentType: WireConstants.jsonContentType]

    /// A reply whose body is already encoded JSON text (see ``BoardJSON``).
    static func make(_ json: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: json)))
    }

    /// A reply whose body is `value` as written by its ``JSONWritable`` conformance (keys
    /// sorted, as the reference's replies were).
    static func make(_ value: some JSONWritable, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: value.jsonBytes)))
    }
}
