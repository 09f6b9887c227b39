/// The body of `POST /api/games/:id/guess`: `xPos` is the column, `yPos` the row.
public struct GuessRequest: Hashable, Sendable {
    public var playerId: String
    public var xPos: Int
    public var yPos: Int

    public init(playerId: String, xPos: Int, yPos: Int) {
        self.playerId = playerId
        self.xPos = xPos
        self.yPos = yPos
    }
}

/// The reply of a guess: `shipSunk` is the length of the ship this shot sank, else 0.
public struct GuessResponse: Hashable, Sendable {
    public var hit: Bool
    public var shipSunk: Int

    public init(hit: Bool, shipSunk: Int) {
        self.hit = hit
        self.shipSunk = shipSunk
    }
}
