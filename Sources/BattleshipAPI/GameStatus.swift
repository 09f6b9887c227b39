/// A game's phase as the lobby lists it.
public enum GameStatus: String, Sendable, CaseIterable {
    /// Created; a second player may join.
    case waiting = "WAITING"
    /// Both players are in; shots are being fired.
    case playing = "PLAYING"
    /// One player sank the other's fleet.
    case done = "DONE"
}
