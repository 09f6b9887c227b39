import CurlHTTP

/// Sends raw requests to the server under test and records each exchange whole.
///
/// Every request has its own deadline; a request that gets no reply (refused, reset,
/// closed, too slow, too large) becomes a ``CheckFinding`` that carries the exchange, so a
/// broken server fails the check at hand instead of hanging or crashing the suite.
public struct APIProbe: Sendable {
    /// The server's root URL, without a trailing slash and without `/api`.
    public let baseURL: String
    /// The longest one request may take.
    public let requestTimeout: Duration
    private let http: CurlHTTPClient

    /// A probe of the server at `baseURL` over `http`.
    public init(baseURL: String, http: CurlHTTPClient, requestTimeout: Duration) {
        var root = baseURL
        while root.hasSuffix("/") { root.removeLast() }
        self.baseURL = root
        self.http = http
        self.requestTimeout = requestTimeout
    }

    /// Sends one request and returns the exchange, whatever the reply's status.
    ///
    /// - Throws: ``CheckFinding`` when no reply arrived; `CancellationError` when the check
    ///   was cancelled.
    public func send(_ method: HTTPMethod, _ path: String, _ body: RequestBody = .none) async throws -> Exchange {
        var exchange = Exchange(
            method: method.rawValue, path: path, requestContentType: body.contentType, requestBody: body.text,
            status: nil, responseContentType: nil, responseBody: ""
        )
        var headers = HTTPHeaders()
        // An empty value stops libcurl from adding its own form Content-Type to a POST body.
        headers.add(name: "Content-Type", value: body.contentType ?? "")
        let bytes: [UInt8]? = method == .get && body == .none ? nil : Array(body.text.utf8)
        let request = HTTPRequest(method: method, url: baseURL + path, headers: headers, body: bytes)
        do {
            let response = try await http.execute(request, timeout: requestTimeout)
            exchange.status = response.status
            exchange.responseContentType = response.headers["Content-Type"]
            exchange.responseBody = response.bodyText
            return exchange
        } catch {
            // A cancelled check stops, as the suite asked: not a finding against the server.
            if error == .cancelled { throw CancellationError() }
            exchange.transportError = error.description
            throw CheckFinding.failure(
                "\(exchange.requestLine) got no reply: \(error.description)",
                exchange: exchange,
                noReply: error
            )
        }
    }

    /// `GET path`.
    public func get(_ path: String) async throws -> Exchange {
        try await send(.get, path)
    }

    /// `POST path` with a JSON object body.
    public func post(_ path: String, _ members: [(String, JSONValue)]) async throws -> Exchange {
        try await send(.post, path, .json(members))
    }
}
