import HTTPGuards
import Hummingbird
import HummingbirdAuth
import NIOCore

/// The arena's request context: the client's address (for the rate limits) and, for a request
/// with a valid `Authorization: Bearer TOKEN`, its student, put there by
/// ``ArenaTokenAuthenticator``: no handler reads the header or looks a token up itself.
public struct ArenaRequestContext: AuthRequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?
    public var identity: ArenaIdentity?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        identity = nil
    }

    /// The request's student, or the arena's 401: the same for no token, a wrong one and a
    /// revoked one.
    public func student() throws(Problem) -> ArenaIdentity {
        guard let identity else {
            throw Problem(
                .unauthorized,
                "give your arena token as `Authorization: Bearer TOKEN` (your instructor gave it to you); this one is missing, wrong or revoked",
                headers: [.wwwAuthenticate: "Bearer"]
            )
        }
        return identity
    }
}
