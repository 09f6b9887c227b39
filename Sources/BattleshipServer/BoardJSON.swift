import BattleshipRules

/// Writes the `/board` reply by hand: 200 cells are the bulk of the server's output, and
/// building the text directly is several times faster than a generic JSON encoder.
enum BoardJSON {
    /// `{"xPos":X,"yPos":Y,"status":"` for every cell, in row order.
    private static let cellPrefixes: [String] = Coordinate.all.map { "{\"xPos\":\($0.x),\"yPos\":\($0.y),\"status\":\"" }

    /// The reply body `{"playerBoard":[...],"opponentBoard":[...]}`.
    static func encode(own: [CellState], shots: [CellState]) -> String {
        var text = "{\"playerBoard\":["
        text.reserveCapacity(8_800)
        append(own, to: &text)
        text += "],\"opponentBoard\":["
        append(shots, to: &text)
        text += "]}"
        return text
    }

    private static func append(_ cells: [CellState], to text: inout String) {
        for (index, state) in cells.enumerated() {
            if index > 0 { text += "," }
            text += cellPrefixes[index]
            text += state.rawValue
            text += "\"}"
        }
    }
}
