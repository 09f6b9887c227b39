import BattleshipRules

/// Every position of a ship of each length on the 10x10 grid, as masks and cell lists.
struct PlacementTable: Sendable {
    /// The masks of the positions of a ship of one length.
    let masks: [CellSet]
    /// The cells of the positions, `length` indices per position, in the same order.
    let cells: [UInt8]
    let length: Int

    init(length: Int) {
        self.length = length
        var masks: [CellSet] = []
        var cells: [UInt8] = []
        let size = Coordinate.gridSize
        for orientation in [Orientation.horizontal, .vertical] {
            for row in 0..<size {
                for column in 0...(size - length) where length <= size {
                    var mask = CellSet.empty
                    for step in 0..<length {
                        let index =
                            orientation == .horizontal
                            ? row * size + column + step
                            : (column + step) * size + row
                        mask.insert(index)
                        cells.append(UInt8(index))
                    }
                    masks.append(mask)
                }
            }
        }
        self.masks = masks
        self.cells = cells
    }

    /// The tables for lengths 0 to 10 (index by length).
    static let byLength: [PlacementTable] = (0...Coordinate.gridSize).map { PlacementTable(length: $0) }
}
