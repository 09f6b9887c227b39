/// The direction a ship extends from its origin.
public enum Orientation: String, Sendable, Codable, CaseIterable {
    /// Along a row: the ship covers `(x, y) ... (x + length - 1, y)`.
    case horizontal
    /// Along a column: the ship covers `(x, y) ... (x, y + length - 1)`.
    case vertical
}

/// One ship on the grid: its length, its top-left cell and its orientation.
public struct ShipPlacement: Hashable, Sendable, Codable {
    /// The number of cells the ship covers.
    public var length: Int
    /// The top-left cell of the ship.
    public var origin: Coordinate
    /// Whether the ship lies along a row or a column.
    public var orientation: Orientation

    /// Places a ship of `length` cells from `origin` in `orientation`.
    public init(length: Int, origin: Coordinate, orientation: Orientation) {
        self.length = length
        self.origin = origin
        self.orientation = orientation
    }

    /// The cells the ship covers, from its origin on.
    public var cells: [Coordinate] {
        (0..<length).map { step in
            switch orientation {
            case .horizontal: Coordinate(x: origin.x + step, y: origin.y)
            case .vertical: Coordinate(x: origin.x, y: origin.y + step)
            }
        }
    }

    /// Whether every cell of the ship lies on the grid.
    public var isOnGrid: Bool {
        guard length > 0, origin.isOnGrid else { return false }
        switch orientation {
        case .horizontal: return origin.x + length <= Coordinate.gridSize
        case .vertical: return origin.y + length <= Coordinate.gridSize
        }
    }
}
