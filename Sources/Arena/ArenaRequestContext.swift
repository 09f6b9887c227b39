import Foundation
import HTTPGuards
import Hummingbird
import HummingbirdAuth
import NIOCore

/// The student a request's valid token names, found once per request by
/// ``ArenaTokenAuthenticator`` and kept in the request's context (``ArenaRequestContext``).
public struct ArenaIdentity: Sendable, Hashable {
    public var login: String
    /// The token's hash (``ArenaToken/hash(_:)``): the key its requests are counted against.
    public var tokenHash: String
}

/// The arena's request context: the client's address (for the rate limits) and, for a request
/// with a valid `Authorization: Bearer TOKEN`, its student.
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
                .unauthorized, "give your arena token as `Authorization: Bearer TOKEN` (your instructor gave it to you); this one is missing, wrong or revoked",
                headers: [.wwwAuthenticate: "Bearer"]
            )
        }
        return identity
    }
}

/// Finds the student of a request's bearer token: one hash and one lookup of the store per
/// request, the same whatever the login (so the time tells nothing). A store that cannot be
/// read is the arena's 503, never a 401 that would tell a student their token is wrong.
public struct ArenaTokenAuthenticator: AuthenticatorMiddleware {
    public typealias Context = ArenaRequestContext
    let store: ArenaStore

    public func authenticate(request: Request, context: ArenaRequestContext) async throws -> ArenaIdentity? {
        guard let token = request.headers.bearer?.token.trimmingCharacters(in: .whitespaces), !token.isEmpty else { return nil }
        let hash = ArenaToken.hash(token)
        do {
            return try store.login(forTokenHash: hash).map { ArenaIdentity(login: $0, tokenHash: hash) }
        } catch {
            throw Problem(.serviceUnavailable, "the arena cannot read its store just now; try again in a minute, and tell your instructor if it lasts", retryAfter: 60)
        }
    }
}
