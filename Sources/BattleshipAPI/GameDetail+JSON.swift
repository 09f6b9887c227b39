import JSONCoding

extension GameDetail: JSONReadable, JSONWritable {
    public init(json reader: inout JSONReader) throws(JSONError) {
        var id: String?
        var name: String?
        var player1: String?
        var player2: String?
        var winner: String?
        var missilesLaunched: Int?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            switch key {
            case "id": id = try reader.string()
            case "name": name = try reader.string()
            case "player1": player1 = try reader.string()
            case "player2": player2 = try reader.string()
            case "winner": winner = try reader.string()
            case "missilesLaunched": missilesLaunched = try reader.int()
            default: try reader.skipValue()
            }
        }
        self.init(
            id: try reader.required(id, "id", inObjectAt: start),
            name: try reader.required(name, "name", inObjectAt: start),
            player1: try reader.required(player1, "player1", inObjectAt: start),
            player2: try reader.required(player2, "player2", inObjectAt: start),
            winner: try reader.required(winner, "winner", inObjectAt: start),
            missilesLaunched: try reader.required(missilesLaunched, "missilesLaunched", inObjectAt: start)
        )
    }

    /// `{"id":…,"missilesLaunched":…,"name":…,"player1":…,"player2":…,"winner":…}`: keys
    /// sorted, as the server writes every reply.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("id")
        writer.string(id)
        writer.key("missilesLaunched")
        writer.int(missilesLaunched)
        writer.key("name")
        writer.string(name)
        writer.key("player1")
        writer.string(player1)
        writer.key("player2")
        writer.string(player2)
        writer.key("winner")
        writer.string(winner)
        writer.endObject()
    }
}
