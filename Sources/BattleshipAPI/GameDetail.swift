/// The reply of `GET /api/games/:id`. It has no status: `winner` is `IN PROGRESS` until the
/// end, and `player2` is empty until someone joins.
public struct GameDetail: Hashable, Sendable {
    public var id: String
    public var name: String
    public var player1: String
    public var player2: String
    public var winner: String
    /// Shots fired by both players.
    public var missilesLaunched: Int

    public init(id: String, name: String, player1: String, player2: String, winner: String, missilesLaunched: Int) {
        self.id = id
        self.name = name
        self.player1 = player1
        self.player2 = player2
        self.winner = winner
        self.missilesLaunched = missilesLaunched
    }
}
