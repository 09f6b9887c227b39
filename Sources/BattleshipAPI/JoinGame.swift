/// The body of `POST /api/games/:id/join`.
public struct JoinGameRequest: Hashable, Sendable, Codable {
    public var playerName: String
    /// Salvo's extension: derive the joiner's fleet from this seed. Other servers ignore it.
    public var boardSeed: UInt64?
    /// Salvo's `joinToken` extension: the token the game was created with, which an unlisted
    /// game needs to be joined. Other servers ignore it.
    public var joinToken: String?

    public init(playerName: String, boardSeed: UInt64? = nil, joinToken: String? = nil) {
        self.playerName = playerName
        self.boardSeed = boardSeed
        self.joinToken = joinToken
    }
}

/// The reply of `POST /api/games/:id/join`.
public struct JoinGameResponse: Hashable, Sendable, Codable {
    public var playerId: String

    public init(playerId: String) {
        self.playerId = playerId
    }
}
