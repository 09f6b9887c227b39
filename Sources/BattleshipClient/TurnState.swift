/// Why a ``TurnPoller`` stopped waiting.
public enum TurnState: Sendable, Hashable {
    /// The game is on and the player may fire.
    case yourTurn
    /// The game has ended; `winner` is the winning player's name as the server gives it.
    case finished(winner: String)
}
