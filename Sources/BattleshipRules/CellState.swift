/// What a player sees of one cell of a board.
public enum CellState: String, Sendable, Codable, CaseIterable {
    /// Nothing known: no shot, and (on one's own board) no ship.
    case none = "NONE"
    /// An unhit part of a ship (shown only on the owner's own board).
    case ship = "SHIP"
    /// A shot that struck a ship.
    case hit = "HIT"
    /// A shot into open water.
    case miss = "MISS"
}
