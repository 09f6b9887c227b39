import Foundation
import HTTPGuards
import Hummingbird
import HummingbirdAuth

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
            let sentence = "the arena cannot read its store just now; try again in a minute, and tell your instructor if it lasts"
            throw Problem(.serviceUnavailable, sentence, retryAfter: 60)
        }
    }
}
