/// How a game ended, as told to a bot at the end.
public enum GameOutcome: Hashable, Sendable {
    /// This bot sank the whole opposing fleet.
    case won
    /// The opponent sank this bot's fleet.
    case lost
    /// The game stopped without a winner by sinking: a forfeit, a server failure, a cancel.
    case abandoned(reason: String)

    /// The word the line protocol uses: `win`, `loss` or `abandoned`.
    public var protocolWord: String {
        switch self {
        case .won: "win"
        case .lost: "loss"
        case .abandoned: "abandoned"
        }
    }
}
