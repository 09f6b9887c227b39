import CurlHTTP

/// Why one request of a load test failed, in the categories the report counts.
public enum LoadErrorKind: String, CaseIterable, Sendable, Hashable, Codable {
    /// No connection could be made (refused, unresolved, invalid URL): nothing was sent.
    case connect
    /// The connection broke after the request may have been sent.
    case disconnect
    /// No complete reply within the request timeout.
    case timeout
    /// A 4xx reply.
    case clientError = "4xx"
    /// A 5xx reply.
    case serverError = "5xx"
    /// A 2xx reply that is not the expected JSON, an over-large reply, or an unexpected status.
    case undecodable

    /// The kind of a transport failure.
    public init(_ error: HTTPClientError) {
        switch error {
        case .invalidURL, .couldNotConnect, .shutDown, .cancelled: self = .connect
        case .connectionLost, .transferFailed: self = .disconnect
        case .deadlineExceeded: self = .timeout
        case .responseTooLarge: self = .undecodable
        }
    }

    /// The kind of a reply with this status that is not a success, or nil for 2xx.
    public init?(status: Int) {
        switch status {
        case 200..<300: return nil
        case 400..<500: self = .clientError
        case 500..<600: self = .serverError
        default: self = .undecodable
        }
    }
}
