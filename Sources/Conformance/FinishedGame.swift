import BattleshipRules

/// A game ``CheckContext/playToEnd(_:observing:)`` played until the creator sank the
/// joiner's last ship.
public struct FinishedGame: Sendable {
    public var game: StartedGame
    /// The creator, who won.
    public var winner: StartedGame.Player
    /// The joiner, who lost.
    public var loser: StartedGame.Player
    /// Guesses accepted, both players together.
    public var shotCount: Int
    /// Each player's ship cells as their own board showed them at the start.
    public var creatorShips: Set<Coordinate>
    public var joinerShips: Set<Coordinate>
    /// The `shipSunk` values of the creator's shots that sank a ship, in order.
    public var creatorSinks: [Int]
    /// The exchange of the winning shot.
    public var lastShot: Exchange
}
