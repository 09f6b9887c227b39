import Bots

/// How one player's side of a game ended, as its task reports it.
enum SeatEnd: Sendable {
    /// The server named a winner.
    case finished(winner: String)
    /// The bot broke the rules or the protocol.
    case forfeit(BotFault)
    /// The server or the network failed.
    case failed(String)
    /// The host failed the bot (its sandbox could not start it): no result, and never the
    /// bot's fault.
    case hostFault(String)
    /// The game was stopped from outside (the other side ended it, or the run stops).
    case cancelled
}
