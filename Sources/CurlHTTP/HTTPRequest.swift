/// An HTTP request as a plain value: method, absolute URL, headers and an optional body.
///
/// ```swift
/// let request = HTTPRequest(
///     method: .post,
///     url: "http://127.0.0.1:8080/api/games",
///     headers: ["Content-Type": "application/json"],
///     body: Array(#"{"gameName":"g","playerName":"p"}"#.utf8)
/// )
/// ```
public struct HTTPRequest: Sendable, Hashable {
    /// The request method.
    public var method: HTTPMethod
    /// An absolute `http://` or `https://` URL.
    public var url: String
    /// Header fields to send; libcurl adds `Host`, `User-Agent`, `Content-Length` and the like.
    public var headers: HTTPHeaders
    /// The bytes to send, or nil for none.
    public var body: [UInt8]?
    /// Whether libcurl may send this request over a kept-alive connection.
    ///
    /// libcurl silently re-sends a request when a reused connection turns out to be closed
    /// before any reply byte arrived. That is harmless for an idempotent request but can
    /// apply a non-idempotent one twice, so a request that is not idempotent goes over a
    /// fresh connection, which libcurl never re-sends on. The connection is kept for later
    /// idempotent requests. Defaults to the method's ``HTTPMethod/isIdempotent``.
    public var isIdempotent: Bool

    /// A request; `isIdempotent` nil means the method's own ``HTTPMethod/isIdempotent``.
    public init(
        method: HTTPMethod = .get,
        url: String,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8]? = nil,
        isIdempotent: Bool? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.isIdempotent = isIdempotent ?? method.isIdempotent
    }
}
