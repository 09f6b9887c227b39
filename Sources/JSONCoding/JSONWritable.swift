/// A value written straight to JSON bytes with a ``JSONWriter``: the API's wire types, for
/// request bodies and replies, without `JSONEncoder`.
///
/// ```swift
/// let body = GuessRequest(playerId: id, xPos: 3, yPos: 4).jsonBytes
/// ```
public protocol JSONWritable {
    /// Writes this value at the writer's position.
    func write(to writer: inout JSONWriter)
}

extension JSONWritable {
    /// This value as compact JSON text.
    public var jsonBytes: [UInt8] {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.bytes
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    /// Writes a JSON array of the elements.
    public func write(to writer: inout JSONWriter) {
        writer.beginArray()
        for element in self {
            element.write(to: &writer)
        }
        writer.endArray()
    }
}
