import JSONCoding

/// Written by the client; the server reads a request's fields with its own parser
/// (`FlatJSONParser`), which also takes form bodies and the reference's lenient values.
extension CreateGameRequest: JSONWritable {
    /// `{"gameName":…,"playerName":…,"boardSeed":…,"joinToken":…,"fleet":[…]}`, without the
    /// extensions' members when they are nil.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("gameName")
        writer.string(gameName)
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

extension CreateGameResponse: JSONReadable, JSONWritable {
    public init(json reader: inout JSONReader) throws(JSONError) {
        var playerId: String?
        var gameId: String?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            switch key {
            case "playerId": playerId = try reader.string()
            case "gameId": gameId = try reader.string()
            default: try reader.skipValue()
            }
        }
        self.init(
            playerId: try reader.required(playerId, "playerId", inObjectAt: start),
            gameId: try reader.required(gameId, "gameId", inObjectAt: start)
        )
    }

    /// `{"gameId":…,"playerId":…}`: keys sorted, as the server writes every reply.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("gameId")
        writer.string(gameId)
        writer.key("playerId")
        writer.string(playerId)
        writer.endObject()
    }
}
