import Reports
import Tournament

/// One finished game as the live page shows it: who played, who won, how it ended. Built from
/// a ``Tournament/GameRecord`` but keeps none of its ids: no server game id, no player id.
public struct LiveGame: Sendable, Equatable {
    /// The game's index in the schedule.
    public var index: Int
    /// The bots in seat order (seat 0 moved first).
    public var players: [String]
    /// The winning bot, if any.
    public var winner: String?
    /// `win` or `forfeit` (``Tournament/Termination``).
    public var termination: String
    /// For a forfeit, its kind (`timeout`, `crash`, ...).
    public var forfeitKind: String?
    /// The game's moves: both seats' shots together.
    public var moves: Int
    /// `replays/NNNN.html`, relative to the live page.
    public var replay: String

    public init(_ record: GameRecord) {
        index = record.index
        players = record.players.map(\.bot)
        winner = record.winner.map { record.player($0).bot }
        termination = record.termination.rawValue
        forfeitKind = record.forfeitKind?.rawValue
        moves = record.shots.count
        replay = Self.replayPath(index: record.index)
    }

    /// `replays/NNNN.html`: where the live server serves the replay of game `index`.
    public static func replayPath(index: Int) -> String { ReportLayout.replayHTML(index: index) }
}
