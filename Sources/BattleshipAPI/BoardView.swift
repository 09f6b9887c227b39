/// One cell of a board list: its position and what the asking player sees there.
public struct BoardCell: Hashable, Sendable {
    public var xPos: Int
    public var yPos: Int
    /// `NONE`, `SHIP`, `HIT` or `MISS`.
    public var status: String

    public init(xPos: Int, yPos: Int, status: String) {
        self.xPos = xPos
        self.yPos = yPos
        self.status = status
    }
}

/// The reply of `POST /api/games/:id/board`: 100 cells each, in row order (`y * 10 + x`).
public struct BoardView: Hashable, Sendable {
    /// The asking player's own ocean, ships and all.
    public var playerBoard: [BoardCell]
    /// The asking player's shots at the opponent: hits and misses only.
    public var opponentBoard: [BoardCell]

    public init(playerBoard: [BoardCell], opponentBoard: [BoardCell]) {
        self.playerBoard = playerBoard
        self.opponentBoard = opponentBoard
    }
}
