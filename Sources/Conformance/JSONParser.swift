import BattleshipAPI

/// Builds a ``JSONValue`` tree from bytes with the shared strict reader (RFC 8259): a board
/// reply is 100 objects per list, and this keeps reading one cheap where `JSONDecoder` is not.
enum JSONParser {
    /// The value of `bytes`, or nil when they are not exactly one JSON value.
    static func parse(_ bytes: [UInt8]) -> JSONValue? {
        try? JSONReader.read(bytes) { reader throws(JSONError) in try value(&reader) }
    }

    private static func value(_ reader: inout JSONReader) throws(JSONError) -> JSONValue {
        switch try reader.peekKind() {
        case .object:
            var members: [(key: String, value: JSONValue)] = []
            try reader.beginObject()
            while let key = try reader.nextKey() {
                members.append((key, try value(&reader)))
            }
            // Sorted by key, so two replies with the same members compare equal.
            return .object(members.sorted { $0.key < $1.key })
        case .array:
            var items: [JSONValue] = []
            try reader.beginArray()
            while try reader.nextElement() {
                items.append(try value(&reader))
            }
            return .array(items)
        case .string:
            return .string(try reader.string())
        case .number:
            return .number(try reader.double())
        case .bool:
            return .bool(try reader.bool())
        case .null:
            try reader.null()
            return .null
        }
    }
}
