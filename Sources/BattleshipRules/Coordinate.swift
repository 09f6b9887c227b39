/// A cell of the 10x10 ocean grid: `x` is the column and `y` the row, both `0..<10`,
/// as on the wire (`xPos`, `yPos`).
public struct Coordinate: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The number of rows and of columns of the grid.
    public static let gridSize = 10
    /// The number of cells of the grid.
    public static let cellCount = gridSize * gridSize

    /// The column, 0 on the left.
    public var x: Int
    /// The row, 0 at the top.
    public var y: Int

    /// Makes a coordinate; it may lie off the grid (see ``isOnGrid``).
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// The coordinate of a cell index in row order (`y * 10 + x`), or nil when off the grid.
    public init?(index: Int) {
        guard (0..<Coordinate.cellCount).contains(index) else { return nil }
        self.init(x: index % Coordinate.gridSize, y: index / Coordinate.gridSize)
    }

    /// Whether both coordinates lie in `0..<10`.
    public var isOnGrid: Bool {
        (0..<Coordinate.gridSize).contains(x) && (0..<Coordinate.gridSize).contains(y)
    }

    /// The cell's position in row order, `y * 10 + x`, as the wire's board lists use.
    public var index: Int { y * Coordinate.gridSize + x }

    /// Every cell of the grid in row order.
    public static let all: [Coordinate] = (0..<cellCount).map { Coordinate(x: $0 % gridSize, y: $0 / gridSize) }

    public var description: String { "(\(x),\(y))" }
}
