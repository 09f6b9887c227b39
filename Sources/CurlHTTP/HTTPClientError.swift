/// Why an HTTP exchange produced no response. A response with any status, 4xx and 5xx
/// included, is not an error at this level.
public enum HTTPClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL could not be parsed or names a scheme libcurl does not speak.
    case invalidURL(String)
    /// No connection could be made (name not resolved, refused, unreachable): the request
    /// was not sent.
    case couldNotConnect(String)
    /// The connection broke after the request may have been sent: reset, closed before or
    /// during the reply, or a malformed reply.
    case connectionLost(String)
    /// The deadline passed before the whole response arrived.
    case deadlineExceeded
    /// The response body was larger than the client's limit.
    case responseTooLarge(limit: Int)
    /// The client was shut down before the exchange finished.
    case shutDown
    /// Any other libcurl failure, with libcurl's code and text.
    case transferFailed(code: Int, message: String)
    /// The calling task was cancelled before the exchange finished.
    case cancelled

    /// Whether the server may have received the request. When false it certainly did not,
    /// and sending it again cannot apply it twice.
    public var requestMayHaveBeenSent: Bool {
        switch self {
        case .invalidURL, .couldNotConnect: false
        case .connectionLost, .deadlineExceeded, .responseTooLarge, .shutDown, .transferFailed, .cancelled: true
        }
    }

    /// A sentence for a user saying what went wrong.
    public var description: String {
        switch self {
        case .invalidURL(let detail):
            "The URL is not valid: \(detail)"
        case .couldNotConnect(let detail):
            "Could not connect to the server: \(detail)"
        case .connectionLost(let detail):
            "The connection to the server was lost: \(detail)"
        case .deadlineExceeded:
            "The server did not answer before the deadline."
        case .responseTooLarge(let limit):
            "The server's reply was larger than the limit of \(limit) bytes."
        case .shutDown:
            "The HTTP client was shut down."
        case .transferFailed(let code, let message):
            "The HTTP transfer failed (libcurl error \(code)): \(message)"
        case .cancelled:
            "The request was cancelled."
        }
    }
}
