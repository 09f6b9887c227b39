/// The body of `POST /api/games/:id/join`.
public struct JoinGameRequest: Hashable, Sendable {
    public var playerName: String
    /// Salvo's extension: derive the joiner's fleet from this seed. Other servers ignore it.
    public var boardSeed: UInt64?
    /// Salvo's `joinToken` extension: the token the game was created with, which an unlisted
    /// game needs to be joined. Other servers ignore it.
    public var joinToken: String?
    /// Salvo's `fleet` extension: the ships the player placed itself, in place of a fleet
    /// from `boardSeed` or at random (docs/server.md). Other servers ignore it.
    public var fleet: FleetPlacement?

    public init(playerName: String, boardSeed: UInt64? = nil, joinToken: String? = nil, fleet: FleetPlacement? = nil) {
        self.playerName = playerName
        self.boardSeed = boardSeed
        self.joinToken = joinToken
        self.fleet = fleet
    }
}

/// The reply of `POST /api/games/:id/join`.
public struct JoinGameResponse: Hashable, Sendable {
    public var playerId: String

    public init(playerId: String) {
        self.playerId = playerId
    }
}
