/// How a game ended.
public enum Termination: String, Hashable, Sendable, CaseIterable {
    /// A player sank the other's fleet.
    case win
    /// A bot broke the rules or the protocol (crash, timeout, malformed line, illegal or
    /// repeated shot): a loss for that bot.
    case forfeit
    /// The server or network failed, or the game stalled: not rated, played again.
    case noResult = "no-result"
}
