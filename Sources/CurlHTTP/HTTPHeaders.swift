/// One header field: its name as sent or received and its value.
public struct HTTPHeader: Sendable, Hashable {
    /// The field name, as written.
    public var name: String
    /// The field value, without surrounding whitespace.
    public var value: String

    /// A field of this name and value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// An ordered list of header fields, looked up by case-insensitive name.
///
/// ```swift
/// var headers: HTTPHeaders = ["Content-Type": "application/json"]
/// headers.add(name: "Accept", value: "application/json")
/// headers["content-type"]  // "application/json"
/// ```
public struct HTTPHeaders: Sendable, Hashable, ExpressibleByDictionaryLiteral, RandomAccessCollection {
    /// The fields in the order they were added or received.
    public private(set) var fields: [HTTPHeader]

    /// An empty list.
    public init() {
        fields = []
    }

    /// A list of the given fields, in order.
    public init(_ fields: [HTTPHeader]) {
        self.fields = fields
    }

    /// A list of the literal's fields, in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { HTTPHeader(name: $0.0, value: $0.1) }
    }

    /// Appends a field; an earlier field of the same name stays.
    public mutating func add(name: String, value: String) {
        fields.append(HTTPHeader(name: name, value: value))
    }

    /// The value of the first field with this name, compared without regard to case.
    public subscript(name: String) -> String? {
        let wanted = name.lowercased()
        return fields.first { $0.name.lowercased() == wanted }?.value
    }

    /// The position of the first field.
    public var startIndex: Int { fields.startIndex }
    /// The position after the last field.
    public var endIndex: Int { fields.endIndex }
    /// The field at `position`.
    public subscript(position: Int) -> HTTPHeader { fields[position] }
}
