import Reports
import Tournament

/// A forfeit as the live page lists it: the bot that forfeited, its kind, its shot where it
/// happened, the reason and the end of the bot's stderr, with the game's and the players' ids
/// cut out of both texts (``IDScrubber``).
public struct LiveForfeit: Sendable, Equatable {
    public var index: Int
    /// The bot that forfeited.
    public var bot: String
    /// Its opponent, who won.
    public var opponent: String
    /// `timeout`, `crash`, `malformed`, ... (`unknown` when the journal has none).
    public var kind: String
    /// The forfeiting bot's shot that never came: one more than the shots it had fired (its
    /// own count, as ``Reports/ForfeitMoment/ownShot``; a "move" counts both seats).
    public var shot: Int
    public var reason: String?
    /// The last lines the bot wrote to stderr, if it wrote any.
    public var stderrTail: String?

    /// The forfeit of `record`; nil unless it ended by a forfeit with a winner.
    public init?(_ record: GameRecord) {
        guard record.termination == .forfeit, let loser = record.loser else { return nil }
        let scrubber = IDScrubber(record)
        index = record.index
        bot = record.player(loser).bot
        opponent = record.player(loser.opponent).bot
        kind = record.forfeitKind?.rawValue ?? "unknown"
        shot = record.shotCount(of: loser) + 1
        reason = record.reason.map(scrubber.scrub)
        stderrTail = record.stderrTail.map(scrubber.scrub)
    }
}
