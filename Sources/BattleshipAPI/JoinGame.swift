/// The body of `POST /api/games/:id/join`.
public struct JoinGameRequest: Hashable, Sendable, Codable {
    public var playerName: String
    /// Salvo's extension: derive the joiner's fleet from this seed. Other servers ignore it.
    public var boardSeed: UInt64?

    public init(playerName: String, boardSeed: UInt64? = nil) {
        self.playerName = playerName
        self.boardSeed = boardSeed
    }
}

/// The reply of `POST /api/games/:id/join`.
public struct JoinGameResponse: Hashable, Sendable, Codable {
    public var playerId: String

    public init(playerId: String) {
        self.playerId = playerId
    }
}
