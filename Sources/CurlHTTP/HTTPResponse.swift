/// A complete HTTP response as a plain value: status, headers and the whole body.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code, such as 200 or 404.
    public var status: Int
    /// The body, at most the client's ``CurlHTTPClient/Configuration/maxResponseSize`` bytes.
    public var body: [UInt8]
    /// The header lines of the final response as received (`Name: value` and CRLF each),
    /// without the status line; parsed only when ``headers`` is read, since most callers
    /// never look at them.
    private var headerLines: [UInt8]

    /// A response of this status, headers and body.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.body = body
        headerLines = headers.lines
    }

    /// A response with its header lines as received.
    init(status: Int, headerLines: [UInt8], body: [UInt8]) {
        self.status = status
        self.headerLines = headerLines
        self.body = body
    }

    /// The header fields of the final response (not of any `100 Continue` before it).
    public var headers: HTTPHeaders {
        get { HTTPHeaders(lines: headerLines) }
        set { headerLines = newValue.lines }
    }

    /// The body as UTF-8 text, with invalid sequences repaired.
    public var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }
}
