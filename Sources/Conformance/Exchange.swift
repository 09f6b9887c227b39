import Foundation

/// One request the suite sent and what came back (a reply or why none did), kept whole so
/// a failure can show exactly what was said.
public struct Exchange: Sendable, Hashable, Codable {
    /// `GET` or `POST`.
    public var method: String
    /// The path under the server's root, such as `/api/games/…/guess`.
    public var path: String
    /// The request's Content-Type header, if one was sent.
    public var requestContentType: String?
    /// The request body as sent.
    public var requestBody: String
    /// The reply's HTTP status, or nil when no reply arrived.
    public var status: Int?
    /// The reply's Content-Type header, if any.
    public var responseContentType: String?
    /// The reply body as UTF-8 text.
    public var responseBody: String {
        didSet { json = JSONValue.parse(responseBody) }
    }
    /// Why no reply arrived (connection refused or lost, deadline), when none did.
    public var transportError: String?

    public init(
        method: String, path: String, requestContentType: String?, requestBody: String,
        status: Int?, responseContentType: String?, responseBody: String, transportError: String? = nil
    ) {
        self.method = method
        self.path = path
        self.requestContentType = requestContentType
        self.requestBody = requestBody
        self.status = status
        self.responseContentType = responseContentType
        self.responseBody = responseBody
        self.transportError = transportError
        json = JSONValue.parse(responseBody)
    }

    /// The reply body parsed as JSON, or nil when it is not JSON (parsed once, when the body is set).
    public private(set) var json: JSONValue?

    private enum CodingKeys: String, CodingKey {
        case method, path, requestContentType, requestBody, status, responseContentType, responseBody, transportError
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            method: try container.decode(String.self, forKey: .method),
            path: try container.decode(String.self, forKey: .path),
            requestContentType: try container.decodeIfPresent(String.self, forKey: .requestContentType),
            requestBody: try container.decode(String.self, forKey: .requestBody),
            status: try container.decodeIfPresent(Int.self, forKey: .status),
            responseContentType: try container.decodeIfPresent(String.self, forKey: .responseContentType),
            responseBody: try container.decode(String.self, forKey: .responseBody),
            transportError: try container.decodeIfPresent(String.self, forKey: .transportError)
        )
    }

    /// The `message` of a JSON error body, if the body is one.
    public var errorMessage: String? {
        json?["message"]?.stringValue
    }

    /// Whether the reply's Content-Type names JSON (`application/json`, any parameters).
    public var isJSONContentType: Bool {
        guard let type = responseContentType?.split(separator: ";").first else { return false }
        return type.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    }

    /// `POST /api/games/…/guess`: the request line as a short label.
    public var requestLine: String { "\(method) \(path)" }
}
