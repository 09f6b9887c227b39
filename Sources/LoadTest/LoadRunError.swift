/// Why a load run could not start, with text fit to show a user.
public enum LoadRunError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server did not answer the first request at all.
    case unreachable(server: String, reason: String)
    /// The games of single-endpoint mode could not be created and joined.
    case setupFailed(reason: String)

    public var description: String {
        switch self {
        case .unreachable(let server, let reason):
            "The server at \(server) is unreachable (\(reason)); check --server."
        case .setupFailed(let reason):
            "Could not create the games to load: \(reason)"
        }
    }
}
