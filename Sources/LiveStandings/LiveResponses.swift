import Hummingbird

/// The live server's plain replies, none of them cached by the browser.
enum LiveResponses {
    static func bytes(_ bytes: [UInt8], contentType: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: contentType, .cacheControl: "no-store", .init("X-Content-Type-Options")!: "nosniff"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        bytes(Array(text.utf8), contentType: "text/html; charset=utf-8", status: status)
    }

    static func text(_ text: String, status: HTTPResponse.Status, extra: HTTPFields = [:]) -> Response {
        var response = bytes(Array(text.utf8), contentType: "text/plain; charset=utf-8", status: status)
        response.headers.append(contentsOf: extra)
        return response
    }
}
