/// The games a scheduler asks to play next, and what to announce before they start.
public struct ScheduleBatch: Sendable {
    /// The games, in the order they are started.
    public var games: [ScheduledGame]
    /// The event a progress display shows before the games start (a Swiss round paired).
    public var announcement: ProgressEvent?

    public init(games: [ScheduledGame], announcement: ProgressEvent? = nil) {
        self.games = games
        self.announcement = announcement
    }

    /// No games: the tournament has nothing left to play.
    public static let none = ScheduleBatch(games: [])
}
