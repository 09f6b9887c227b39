import JSONCoding

extension ErrorBody: JSONReadable, JSONWritable {
    public init(json reader: inout JSONReader) throws(JSONError) {
        var message: String?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            if key == "message" { message = try reader.string() } else { try reader.skipValue() }
        }
        self.init(message: try reader.required(message, "message", inObjectAt: start))
    }

    /// `{"message":…}`.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("message")
        writer.string(message)
        writer.endObject()
    }
}
