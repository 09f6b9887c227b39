import BattleshipAPI
import Hummingbird

/// Builds JSON replies with the reference server's content type.
enum JSONResponse {
    private static let headers: HTTPFields = [.contentType: WireConstants.jsonContentType]

    /// A reply whose body is already encoded JSON text (see ``WireJSON``).
    static func make(_ json: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: json)))
    }

    /// An error reply `{"message": ...}`.
    static func error(_ message: String, status: HTTPResponse.Status) -> Response {
        make(WireJSON.encode(ErrorBody(message: message)), status: status)
    }
}
