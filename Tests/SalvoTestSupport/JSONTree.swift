import JSONCoding

/// A JSON text as a tree of values, read with the project's strict reader (``JSONCoding/JSONReader``),
/// so that a check against a schema tells `true` from `1`, `3` from `3.5` and `"3"` from `3`.
///
/// ```swift
/// let tree = try JSONTree(bytes: Array(#"{"hit":true,"shipSunk":0}"#.utf8))
/// tree["hit"]   // .bool(true)
/// ```
public indirect enum JSONTree: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number as written, with whether it is whole (JSON Schema's `integer`: `3` and `3.0` are).
    case number(text: String, value: Double, isWhole: Bool)
    case string(String)
    case array([JSONTree])
    /// The members in the order they came.
    case object([String: JSONTree], order: [String])

    /// The JSON text in `bytes`; throws what the reader found wrong.
    public init(bytes: [UInt8]) throws(JSONError) {
        self = try JSONReader.read(bytes) { reader throws(JSONError) in try Self.read(&reader) }
    }

    private static func read(_ reader: inout JSONReader) throws(JSONError) -> JSONTree {
        switch try reader.peekKind() {
        case .null:
            try reader.null()
            return .null
        case .bool:
            return .bool(try reader.bool())
        case .number:
            let number = try reader.number()
            let value = Double(number.text) ?? .nan
            return .number(text: number.text, value: value, isWhole: number.isInteger || value.rounded() == value)
        case .string:
            return .string(try reader.string())
        case .array:
            var items: [JSONTree] = []
            _ = try reader.beginArray()
            while try reader.nextElement() { items.append(try read(&reader)) }
            return .array(items)
        case .object:
            var members: [String: JSONTree] = [:]
            var order: [String] = []
            _ = try reader.beginObject()
            while let key = try reader.nextKey() {
                if members[key] == nil { order.append(key) }
                members[key] = try read(&reader)
            }
            return .object(members, order: order)
        }
    }

    /// The member `key` of an object; nil for a missing member or any other value.
    public subscript(key: String) -> JSONTree? {
        guard case .object(let members, _) = self else { return nil }
        return members[key]
    }

    /// The value's text, when it is a string.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value's JSON type as JSON Schema names it: `integer` for a whole number.
    public var schemaType: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number(_, _, let isWhole): isWhole ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
