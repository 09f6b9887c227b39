import JSONCoding

extension TurnStatus: JSONReadable, JSONWritable {
    public init(json reader: inout JSONReader) throws(JSONError) {
        var isYourTurn: Bool?
        var winner: String?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            switch key {
            case "isYourTurn": isYourTurn = try reader.bool()
            case "winner": winner = try reader.string()
            default: try reader.skipValue()
            }
        }
        self.init(
            isYourTurn: try reader.required(isYourTurn, "isYourTurn", inObjectAt: start),
            winner: try reader.required(winner, "winner", inObjectAt: start)
        )
    }

    /// `{"isYourTurn":…,"winner":…}`.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("isYourTurn")
        writer.bool(isYourTurn)
        writer.key("winner")
        writer.string(winner)
        writer.endObject()
    }
}
