/// Why the rules refused something.
public enum RulesError: Error, Hashable, Sendable, CustomStringConvertible {
    case shipOffGrid(ShipPlacement)
    case shipsOverlap(Coordinate)
    /// A fleet whose ships are not the standard fleet's lengths (given in the order sent).
    case wrongShipLengths([Int])
    case offGrid(Coordinate)
    case alreadyTargeted(Coordinate)
    case notYourTurn
    case gameOver

    public var description: String {
        switch self {
        case .shipOffGrid(let ship): "The ship of length \(ship.length) at \(ship.origin) does not fit on the grid"
        case .shipsOverlap(let cell): "Two ships overlap at \(cell)"
        case .wrongShipLengths(let lengths):
            "The fleet must be five ships of lengths 5, 4, 3, 3 and 2; got \(lengths.isEmpty ? "no ships" : "lengths " + lengths.map(String.init).joined(separator: ", "))"
        case .offGrid(let cell): "The cell \(cell) is not on the 10x10 grid"
        case .alreadyTargeted(let cell): "The cell \(cell) was already targeted"
        case .notYourTurn: "It is not this player's turn"
        case .gameOver: "The game is over"
        }
    }
}
