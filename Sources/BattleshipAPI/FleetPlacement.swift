import JSONCoding

/// Salvo's `fleet` extension on create and join: the ships a player places itself, in place
/// of a fleet from `boardSeed` or at random (docs/server.md). On the wire, an array of ships:
/// `[{"length":5,"x":0,"y":0,"orientation":"horizontal"}, …]`, each from its top-left cell
/// rightwards (`horizontal`) or downwards (`vertical`). The server checks the standard fleet:
/// five ships of lengths 5, 4, 3, 3 and 2, on the grid, none overlapping.
public struct FleetPlacement: Hashable, Sendable {
    /// One ship as sent. `Codable` as well: a replay document (`ReplayDocument`, read and
    /// written with `JSONFormat`) lists a player's ships in this shape.
    public struct Ship: Hashable, Sendable, Codable {
        public var length: Int
        public var x: Int
        public var y: Int
        /// `horizontal` or `vertical`, as sent (the server checks it).
        public var orientation: String

        public init(length: Int, x: Int, y: Int, orientation: String) {
            self.length = length
            self.x = x
            self.y = y
            self.orientation = orientation
        }
    }

    public var ships: [Ship]

    public init(ships: [Ship]) {
        self.ships = ships
    }

}

extension FleetPlacement: JSONReadable, JSONWritable {
    public init(json reader: inout JSONReader) throws(JSONError) {
        var ships: [Ship] = []
        _ = try reader.beginArray()
        while try reader.nextElement() {
            var length: Int?
            var x: Int?
            var y: Int?
            var orientation: String?
            let start = try reader.beginObject()
            while let key = try reader.nextKeyView() {
                switch key {
                case "length": length = try reader.int()
                case "x": x = try reader.int()
                case "y": y = try reader.int()
                case "orientation": orientation = try reader.string()
                default: try reader.skipValue()
                }
            }
            ships.append(
                Ship(
                    length: try reader.required(length, "length", inObjectAt: start), x: try reader.required(x, "x", inObjectAt: start),
                    y: try reader.required(y, "y", inObjectAt: start), orientation: try reader.required(orientation, "orientation", inObjectAt: start)
                ))
        }
        self.init(ships: ships)
    }

    public func write(to writer: inout JSONWriter) {
        writer.beginArray()
        for ship in ships {
            writer.beginObject()
            writer.key("length")
            writer.int(ship.length)
            writer.key("x")
            writer.int(ship.x)
            writer.key("y")
            writer.int(ship.y)
            writer.key("orientation")
            writer.string(ship.orientation)
            writer.endObject()
        }
        writer.endArray()
    }
}
