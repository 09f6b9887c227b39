/// A step of one game as it is played, which the runner journals at once, so that a run
/// killed mid-game can abandon the game on the server when it is continued.
enum GameEvent: Sendable {
    /// The first player created the game on the server.
    case created(gameId: String, creatorPlayerId: String)
    /// The second player joined it.
    case joined(joinerPlayerId: String)
}
