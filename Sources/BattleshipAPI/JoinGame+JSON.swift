extension JoinGameRequest: JSONReadable, JSONWritable {
    public init(json reader: inout JSONReader) throws(JSONError) {
        var playerName: String?, boardSeed: UInt64?, joinToken: String?, fleet: FleetPlacement?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            switch key {
            case "playerName": playerName = try reader.string()
            case "boardSeed": boardSeed = reader.readNull() ? nil : try reader.uint64()
            case "joinToken": joinToken = reader.readNull() ? nil : try reader.string()
            case "fleet": fleet = reader.readNull() ? nil : try FleetPlacement(json: &reader)
            default: try reader.skipValue()
            }
        }
        self.init(playerName: try reader.required(playerName, "playerName", inObjectAt: start), boardSeed: boardSeed, joinToken: joinToken, fleet: fleet)
    }

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
    /// Reads `{"playerId":…}`, the shape of a ``PlayerRequest``.
    public init(json reader: inout JSONReader) throws(JSONError) {
        self.init(playerId: try PlayerRequest(json: &reader).playerId)
    }

    /// `{"playerId":…}`, as a ``PlayerRequest`` is written.
    public func write(to writer: inout JSONWriter) {
        PlayerRequest(playerId: playerId).write(to: &writer)
    }
}
