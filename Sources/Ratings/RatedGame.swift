/// One rated game between two players, identified by index.
public struct RatedGame: Sendable, Hashable {
    /// Index of the first player.
    public var first: Int
    /// Index of the second player.
    public var second: Int
    /// Whether `first` moved first in this game.
    public var firstMovedFirst: Bool
    /// The score of `first`: 1 when `first` won, 0 when `second` won.
    public var score: Double

    /// Creates a game record.
    public init(first: Int, second: Int, firstMovedFirst: Bool, score: Double) {
        self.first = first
        self.second = second
        self.firstMovedFirst = firstMovedFirst
        self.score = score
    }
}
