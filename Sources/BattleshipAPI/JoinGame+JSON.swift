import JSONCoding

/// Written by the client; the server reads a request's fields with its own parser.
extension JoinGameRequest: JSONWritable {
    /// `{"playerName":…,"boardSeed":…,"joinToken":…,"fleet":[…]}`, without the extensions' members when nil.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("playerName")
        writer.string(playerName)
        writer.optionalMember("boardSeed", boardSeed)
        writer.optionalMember("joinToken", joinToken)
        if let fleet {
            writer.key("fleet")
            fleet.write(to: &writer)
        }
        writer.endObject()
    }
}

extension JoinGameResponse: JSONReadable, JSONWritable {
    /// Reads `{"playerId":…}`.
    public init(json reader: inout JSONReader) throws(JSONError) {
        var playerId: String?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            if key == "playerId" { playerId = try reader.string() } else { try reader.skipValue() }
        }
        self.init(playerId: try reader.required(playerId, "playerId", inObjectAt: start))
    }

    /// `{"playerId":…}`, as a ``PlayerRequest`` is written.
    public func write(to writer: inout JSONWriter) {
        PlayerRequest(playerId: playerId).write(to: &writer)
    }
}
