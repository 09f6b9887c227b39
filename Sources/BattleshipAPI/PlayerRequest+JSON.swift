extension PlayerRequest: JSONReadable, JSONWritable {
    public init(json reader: inout JSONReader) throws(JSONError) {
        var playerId: String?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            if key == "playerId" { playerId = try reader.string() } else { try reader.skipValue() }
        }
        self.init(playerId: try reader.required(playerId, "playerId", inObjectAt: start))
    }

    /// `{"playerId":…}`.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("playerId")
        writer.string(playerId)
        writer.endObject()
    }
}
