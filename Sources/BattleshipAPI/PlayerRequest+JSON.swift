import JSONCoding

/// Written by the client; the server reads a request's fields with its own parser.
extension PlayerRequest: JSONWritable {
    /// `{"playerId":…}`.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("playerId")
        writer.string(playerId)
        writer.endObject()
    }
}
