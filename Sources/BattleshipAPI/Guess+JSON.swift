import JSONCoding

/// Written by the client; the server reads a request's fields with its own parser.
extension GuessRequest: JSONWritable {
    /// `{"playerId":…,"xPos":…,"yPos":…}`.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("playerId")
        writer.string(playerId)
        writer.key("xPos")
        writer.int(xPos)
        writer.key("yPos")
        writer.int(yPos)
        writer.endObject()
    }
}

extension GuessResponse: JSONReadable, JSONWritable {
    public init(json reader: inout JSONReader) throws(JSONError) {
        var hit: Bool?
        var shipSunk: Int?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            switch key {
            case "hit": hit = try reader.bool()
            case "shipSunk": shipSunk = try reader.int()
            default: try reader.skipValue()
            }
        }
        self.init(
            hit: try reader.required(hit, "hit", inObjectAt: start),
            shipSunk: try reader.required(shipSunk, "shipSunk", inObjectAt: start)
        )
    }

    /// `{"hit":…,"shipSunk":…}`.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("hit")
        writer.bool(hit)
        writer.key("shipSunk")
        writer.int(shipSunk)
        writer.endObject()
    }
}
