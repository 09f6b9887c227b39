/// The body of `POST /api/games/:id/status` and `/board`.
public struct PlayerRequest: Hashable, Sendable {
    public var playerId: String

    public init(playerId: String) {
        self.playerId = playerId
    }
}
