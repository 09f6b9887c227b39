/// What ``CheckContext/playToEnd(_:observing:)`` verifies on every shot, besides playing.
public struct PlayObservation: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `hit` is true exactly when the cell held a ship; `shipSunk` is explained by some
    /// arrangement of the fleet on the target's board.
    public static let hits = PlayObservation(rawValue: 1)
    /// Both players' boards change in exactly the fired cell, to HIT or MISS.
    public static let boards = PlayObservation(rawValue: 2)
    /// The shooter is told it is not its turn, the target that it is.
    public static let turns = PlayObservation(rawValue: 4)
}
