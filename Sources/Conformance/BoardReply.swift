import BattleshipRules

/// A `/board` reply read and checked for shape: 100 cells per list, each
/// `{"xPos","yPos","status"}`, in row order (`y * 10 + x`).
public struct BoardReply: Sendable, Hashable {
    /// The asking player's own ocean: `NONE`, `SHIP`, `HIT`, `MISS` (anything else kept as sent).
    public var own: [String]
    /// The asking player's shots at the opponent: `NONE`, `HIT`, `MISS`.
    public var shots: [String]

    /// Reads a reply body; throws a sentence saying what is wrong with its shape.
    public static func parse(_ json: JSONValue) throws(ShapeError) -> BoardReply {
        guard case .object = json else { throw ShapeError("the reply is \(json.typeName), not an object") }
        return BoardReply(own: try list(json, "playerBoard"), shots: try list(json, "opponentBoard"))
    }

    private static func list(_ json: JSONValue, _ key: String) throws(ShapeError) -> [String] {
        guard let value = json[key] else { throw ShapeError("it has no \"\(key)\" (keys: \(keyList(json)))") }
        guard let cells = value.arrayValue else { throw ShapeError("\"\(key)\" is \(value.typeName), not an array") }
        guard cells.count == Coordinate.cellCount else { throw ShapeError("\"\(key)\" has \(cells.count) cells, not 100") }
        var statuses: [String] = []
        statuses.reserveCapacity(cells.count)
        for (index, cell) in cells.enumerated() {
            let place = Coordinate(index: index) ?? Coordinate(x: 0, y: 0)
            guard let x = cell["xPos"]?.intValue, let y = cell["yPos"]?.intValue, let status = cell["status"]?.stringValue else {
                throw ShapeError("\"\(key)\"[\(index)] is \(cell.rendered), not {\"xPos\": number, \"yPos\": number, \"status\": string}")
            }
            guard x == place.x, y == place.y else {
                throw ShapeError("\"\(key)\"[\(index)] is (\(x),\(y)); cell y*10+x = \(index) should be (\(place.x),\(place.y)) (row order)")
            }
            statuses.append(status)
        }
        return statuses
    }

    /// The cells of the own board that hold a ship, hit or not.
    public var ownShipCells: Set<Coordinate> {
        Set(own.indices.filter { own[$0] == "SHIP" || own[$0] == "HIT" }.compactMap { Coordinate(index: $0) })
    }

    /// `"gameId", "playerId"`: an object's keys for a message.
    static func keyList(_ json: JSONValue) -> String {
        (json.keys ?? []).map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
