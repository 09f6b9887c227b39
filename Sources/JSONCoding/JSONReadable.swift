/// A value read straight from JSON bytes with a ``JSONReader``: the API's wire types, without
/// `JSONDecoder`.
///
/// ```swift
/// let status = try TurnStatus(jsonBytes: response.body)
/// ```
public protocol JSONReadable {
    /// Reads one value of this type at the reader's position.
    init(json reader: inout JSONReader) throws(JSONError)
}

extension JSONReadable {
    /// The value of the whole JSON text `bytes`.
    /// - Throws: ``JSONError`` when the text is not JSON, has data after the value, or is
    ///   not this type's shape; a text that is not JSON is reported as such, even where a
    ///   value of the wrong shape comes before the fault.
    @inlinable
    public init(jsonBytes bytes: [UInt8]) throws(JSONError) {
        do {
            self = try JSONReader.read(bytes) { reader throws(JSONError) in try Self(json: &reader) }
        } catch {
            throw JSONReader.syntaxErrorFirst(error, in: bytes)
        }
    }
}

extension Array: JSONReadable where Element: JSONReadable {
    /// Reads a JSON array of elements.
    @inlinable
    public init(json reader: inout JSONReader) throws(JSONError) {
        self = []
        try reader.beginArray()
        while try reader.nextElement() {
            append(try Element(json: &reader))
        }
    }
}
