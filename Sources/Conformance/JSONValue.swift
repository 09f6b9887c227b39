import JSONCoding

/// A JSON value exactly as a server sent it, so a check can tell `true` from `1` and
/// `"3"` from `3`, and render it back for a report; read with the shared strict reader
/// (`JSONValue+Reading.swift`). Also the bodies the suite sends, written by ``rendered`` in
/// the order the check gave, since a check may send what no typed body can (a number where a
/// string belongs, a member twice).
public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in the order they were given (when written by the suite) or sorted by key
    /// (when parsed).
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rendered)
    }

    /// The member `key` of an object, or nil.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The keys of an object, or nil for any other value.
    public var keys: [String]? {
        guard case .object(let members) = self else { return nil }
        return members.map(\.key)
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// The value as a whole number, when it is a JSON number without a fraction.
    public var intValue: Int? {
        guard case .number(let number) = self, number.rounded() == number, abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// A one-word name of the value's JSON type, for messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Compact JSON text of the value.
    public var rendered: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number):
            if number.rounded() == number, abs(number) < 1e15 { return String(Int(number)) }
            return String(number)
        case .string(let text): return JSONText.quoted(text)
        case .array(let items): return "[" + items.map(\.rendered).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { JSONText.quoted($0.key) + ":" + $0.value.rendered }.joined(separator: ",") + "}"
        }
    }

}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
