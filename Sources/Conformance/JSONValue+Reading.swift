import JSONCoding

/// A ``JSONValue`` tree read from bytes with the shared strict reader (``JSONReader``, RFC
/// 8259), so `salvo check` judges a server's reply by the same rules as Salvo's client does.
///
/// Not a reader of its own: the tree is what a check needs and a typed reader cannot give, any
/// reply of any shape kept with its JSON types (`true` is not `1`, `"3"` is not `3`) so that a
/// finding can say what came instead. Members are sorted by key, numbers kept as `Double`.
extension JSONValue {
    /// Parses `bytes` as one JSON value, or nil when they are not JSON.
    public static func parse(_ bytes: [UInt8]) -> JSONValue? {
        try? JSONReader.read(bytes) { reader throws(JSONError) in try value(&reader) }
    }

    /// Parses `text` as one JSON value, or nil when it is not JSON.
    public static func parse(_ text: String) -> JSONValue? {
        parse(Array(text.utf8))
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
