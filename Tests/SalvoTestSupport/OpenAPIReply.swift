import Foundation

/// A reply as ``OpenAPIDocument`` checks it, whichever client received it: the status, the
/// headers (names in lower case) and the body's bytes.
public struct OpenAPIReply: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: [UInt8]

    public init(status: Int, headers: [String: String], body: [UInt8]) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// A reply read off a socket (``LoopbackSocket``).
    public init(_ reply: LoopbackSocket.Reply) {
        self.init(status: reply.status, headers: reply.headers, body: Array(reply.body))
    }

    /// The Content-Type's media type, without its parameters, in lower case (empty without one).
    public var mediaType: String {
        let value = headers["content-type"] ?? ""
        return String(value.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// The body as text, for messages.
    public var text: String { String(decoding: body, as: UTF8.self) }
}
