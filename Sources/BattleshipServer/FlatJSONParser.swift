import JSONCoding

/// Reads a JSON request body, strictly (RFC 8259), into the top-level object's fields, with
/// nested arrays and objects kept as their text (``FieldValue/structured(_:)``); on the shared
/// ``JSONReader``.
///
/// Not a second reader, and not the request types' (`CreateGameRequest` and the others are
/// only written, by clients): the server takes the reference's lenient fields (`"3"` and `3.7`
/// as a coordinate 3, a form body as well as JSON), so it reads fields before it knows what
/// they must be, and ``RequestFields`` interprets them per endpoint. The bodies are flat
/// objects of a few fields on every request's path; reading them directly is several times
/// faster than a generic `JSONDecoder` round trip.
enum FlatJSONParser {
    /// The fields of the top-level object; nil when the text is valid JSON but not an object.
    /// Like `JSON.parse`, the last occurrence of a key wins.
    /// - Throws: ``JSONError`` when the text is not valid JSON.
    static func parseObject(_ bytes: [UInt8]) throws(JSONError) -> [String: FieldValue]? {
        try JSONReader.read(bytes) { reader throws(JSONError) in
            guard try reader.peekKind() == .object else {
                try reader.skipValue()
                return nil
            }
            var fields: [String: FieldValue] = [:]
            try reader.beginObject()
            while let key = try reader.nextKey() {
                fields[key] = try field(&reader, in: bytes)
            }
            return fields
        }
    }

    /// One field's value: strings, numbers (as `Int64`, else `UInt64`, else `Double`),
    /// booleans and null as they are, arrays and objects checked and kept as their text.
    private static func field(_ reader: inout JSONReader, in bytes: [UInt8]) throws(JSONError) -> FieldValue {
        switch try reader.peekKind() {
        case .string:
            return .string(try reader.string())
        case .number:
            let number = try reader.number()
            if number.isInteger {
                if let whole = Int64(number.text) { return .integer(whole) }
                if let whole = UInt64(number.text) { return .unsigned(whole) }
            }
            return .number(Double(number.text) ?? .nan)
        case .bool:
            return .bool(try reader.bool())
        case .null:
            try reader.null()
            return .null
        case .object, .array:
            let start = reader.offset
            try reader.skipValue()
            return .structured(Array(bytes[start..<reader.offset]))
        }
    }
}
