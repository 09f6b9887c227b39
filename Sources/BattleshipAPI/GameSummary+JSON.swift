import JSONCoding

extension GameSummary: JSONReadable, JSONWritable {
    public init(json reader: inout JSONReader) throws(JSONError) {
        var id: String?
        var name: String?
        var status: GameStatus?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            switch key {
            case "id": id = try reader.string()
            case "name": name = try reader.string()
            case "status": status = try GameStatus(json: &reader)
            default: try reader.skipValue()
            }
        }
        self.init(
            id: try reader.required(id, "id", inObjectAt: start),
            name: try reader.required(name, "name", inObjectAt: start),
            status: try reader.required(status, "status", inObjectAt: start)
        )
    }

    /// `{"id":…,"name":…,"status":…}`.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("id")
        writer.string(id)
        writer.key("name")
        writer.string(name)
        writer.key("status")
        status.write(to: &writer)
        writer.endObject()
    }
}

extension GameStatus: JSONReadable, JSONWritable {
    /// Reads `"WAITING"`, `"PLAYING"` or `"DONE"`; any other string is an invalid value.
    public init(json reader: inout JSONReader) throws(JSONError) {
        let offset = reader.valueOffset()
        let text = try reader.string()
        guard let status = GameStatus(rawValue: text) else {
            let known = Self.allCases.map(\.rawValue).joined(separator: ", ")
            throw reader.invalidValue("\(JSONText.quoted(text)) is not one of \(known)", at: offset)
        }
        self = status
    }

    public func write(to writer: inout JSONWriter) {
        writer.string(rawValue)
    }
}
