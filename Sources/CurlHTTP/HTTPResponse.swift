/// A complete HTTP response as a plain value: status, headers and the whole body.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code, such as 200 or 404.
    public var status: Int
    /// The header fields of the final response (not of any `100 Continue` before it).
    public var headers: HTTPHeaders
    /// The body, at most the client's ``CurlHTTPClient/Configuration/maxResponseSize`` bytes.
    public var body: [UInt8]

    /// A response of this status, headers and body.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body as UTF-8 text, with invalid sequences repaired.
    public var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }
}
