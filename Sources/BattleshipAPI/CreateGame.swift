/// The body of `POST /api/games`.
public struct CreateGameRequest: Hashable, Sendable {
    public var gameName: String
    public var playerName: String
    /// Salvo's extension: derive the creator's fleet from this seed. Other servers ignore it.
    public var boardSeed: UInt64?
    /// Salvo's `joinToken` extension: the game is unlisted, and only a join that carries the
    /// same token is seated (docs/server.md). Other servers ignore it.
    public var joinToken: String?
    /// Salvo's `fleet` extension: the ships the player placed itself, in place of a fleet
    /// from `boardSeed` or at random (docs/server.md). Other servers ignore it.
    public var fleet: FleetPlacement?

    public init(gameName: String, playerName: String, boardSeed: UInt64? = nil, joinToken: String? = nil, fleet: FleetPlacement? = nil) {
        self.gameName = gameName
        self.playerName = playerName
        self.boardSeed = boardSeed
        self.joinToken = joinToken
        self.fleet = fleet
    }
}

/// The reply of `POST /api/games`: the creator is player 1.
public struct CreateGameResponse: Hashable, Sendable {
    public var playerId: String
    public var gameId: String

    public init(playerId: String, gameId: String) {
        self.playerId = playerId
        self.gameId = gameId
    }
}
