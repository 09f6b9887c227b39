/// The student a request's valid token names, found once per request by
/// ``ArenaTokenAuthenticator`` and kept in the request's context (``ArenaRequestContext``).
public struct ArenaIdentity: Sendable, Hashable {
    public var login: String
    /// The token's hash (``ArenaToken/hash(_:)``): the key its requests are counted against.
    public var tokenHash: String
}
