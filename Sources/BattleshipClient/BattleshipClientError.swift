import CurlHTTP

/// Why a call to a Battleship server failed, with text fit to show a user.
public enum BattleshipClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No connection could be made to the server: the request was not sent.
    case unreachable(server: String, reason: String)
    /// The connection broke after the request may have reached the server.
    case connectionLost(operation: String, reason: String)
    /// The server did not answer in time.
    case deadlineExceeded(operation: String)
    /// The server refused the request with a 4xx status and this message, such as
    /// `400 "Not your turn"` or the reference server's `418 "I am a teapot"`.
    case rejected(status: Int, message: String)
    /// The server failed with a 5xx status.
    case serverError(status: Int, message: String)
    /// The reply could not be understood: not the expected JSON, too large, or an
    /// unexpected status.
    case undecodable(operation: String, reason: String)
    /// The calling task was cancelled (the game or the run was stopped) before a reply came:
    /// a stop the caller asked for, never a failure of the server.
    case cancelled

    /// Whether trying again later might succeed; true for every case but ``rejected(status:message:)``
    /// and ``undecodable(operation:reason:)``.
    public var isTransient: Bool {
        switch self {
        case .unreachable, .connectionLost, .deadlineExceeded, .serverError: true
        case .rejected, .undecodable, .cancelled: false
        }
    }

    /// Whether the server may have acted on the request although no good reply came back.
    /// False when the request was certainly not sent or was refused.
    public var mayHaveTakenEffect: Bool {
        switch self {
        case .connectionLost, .deadlineExceeded, .serverError, .undecodable, .cancelled: true
        case .unreachable, .rejected: false
        }
    }

    /// A sentence for a user saying what went wrong; the only place these texts are written.
    public var description: String {
        switch self {
        case .unreachable(let server, let reason):
            "The server at \(server) is unreachable: \(reason)"
        case .connectionLost(let operation, let reason):
            "The connection was lost during \(operation): \(reason)"
        case .deadlineExceeded(let operation):
            "The server did not answer \(operation) in time."
        case .rejected(let status, let message):
            "The server refused the request (HTTP \(status)): \(message)"
        case .serverError(let status, let message):
            "The server failed (HTTP \(status)): \(message)"
        case .undecodable(let operation, let reason):
            "The server's reply to \(operation) could not be understood: \(reason)"
        case .cancelled:
            "The request was cancelled."
        }
    }
}

extension BattleshipClientError {
    /// The client error for a transport failure of `operation` against `server`.
    init(_ error: HTTPClientError, operation: String, server: String) {
        switch error {
        case .invalidURL(let detail):
            self = .unreachable(server: server, reason: "the URL is not valid (\(detail))")
        case .couldNotConnect(let detail):
            self = .unreachable(server: server, reason: detail)
        case .shutDown:
            self = .unreachable(server: server, reason: "the HTTP client was shut down")
        case .connectionLost(let detail):
            self = .connectionLost(operation: operation, reason: detail)
        case .transferFailed(_, let message):
            self = .connectionLost(operation: operation, reason: message)
        case .deadlineExceeded:
            self = .deadlineExceeded(operation: operation)
        case .responseTooLarge(let limit):
            self = .undecodable(operation: operation, reason: "the reply is larger than \(limit) bytes")
        case .cancelled:
            self = .cancelled
        }
    }
}
