import BattleshipRules

/// One accepted shot of a game, in order.
public struct ShotRecord: Hashable, Sendable {
    /// The seat that fired.
    public var seat: PlayerSeat
    public var x: Int
    public var y: Int
    public var hit: Bool
    /// The length of the ship this shot sank, or 0.
    public var sunk: Int
    /// Milliseconds since the game started.
    public var atMilliseconds: Int

    public init(seat: PlayerSeat, x: Int, y: Int, hit: Bool, sunk: Int, atMilliseconds: Int) {
        self.seat = seat
        self.x = x
        self.y = y
        self.hit = hit
        self.sunk = sunk
        self.atMilliseconds = atMilliseconds
    }
}
