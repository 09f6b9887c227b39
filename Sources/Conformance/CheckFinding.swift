import CurlHTTP

/// What a check found wrong, thrown to end it: a failure, or a warning when the server
/// behaves as the reference server's listed bugs (or a harmless deviation) do; or that the
/// check does not apply (an extension the server does not advertise).
public struct CheckFinding: Error, Sendable, CustomStringConvertible {
    /// Whether the finding fails the check or only warns.
    public enum Kind: String, Sendable, Codable {
        case failure
        case warning
        case skip
    }

    public var kind: Kind
    /// One sentence saying what the server did wrong.
    public var message: String
    /// The exchange that shows it, if one does.
    public var exchange: Exchange?
    /// When the finding is a request that got no reply, why.
    public var noReply: HTTPClientError?

    public var description: String { message }

    /// A failure: the server does not do what the API requires.
    public static func failure(_ message: String, exchange: Exchange? = nil, noReply: HTTPClientError? = nil) -> CheckFinding {
        CheckFinding(kind: .failure, message: message, exchange: exchange, noReply: noReply)
    }

    /// The check does not apply to this server, for the reason given.
    public static func skip(_ reason: String) -> CheckFinding {
        CheckFinding(kind: .skip, message: reason, exchange: nil, noReply: nil)
    }

    /// A warning: the server deviates the way the reference server did.
    public static func warning(_ message: String, exchange: Exchange? = nil) -> CheckFinding {
        CheckFinding(kind: .warning, message: message, exchange: exchange, noReply: nil)
    }
}
