/// The reply of `POST /api/games/:id/status`. Read `winner` first: the reference server
/// also tells the loser `isYourTurn: true` after the end.
public struct TurnStatus: Hashable, Sendable {
    public var isYourTurn: Bool
    /// `IN PROGRESS`, or the winner's name.
    public var winner: String

    public init(isYourTurn: Bool, winner: String) {
        self.isYourTurn = isYourTurn
        self.winner = winner
    }
}
