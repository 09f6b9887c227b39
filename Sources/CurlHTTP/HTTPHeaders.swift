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

    /// The fields of header lines as received (`Name: value`, each ended by CRLF or LF);
    /// lines without a colon or with an empty name are skipped.
    init(lines: [UInt8]) {
        fields = []
        lines.withUnsafeBytes { bytes in
            var start = bytes.startIndex
            while start < bytes.endIndex {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
                let line = bytes[start..<end]
                start = end + 1
                guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
                let name = Self.trimmed(line[..<colon])
                guard !name.isEmpty else { continue }
                add(name: String(decoding: name, as: UTF8.self), value: String(decoding: Self.trimmed(line[(colon + 1)...]), as: UTF8.self))
            }
        }
    }

    /// The fields as header lines, `Name: value` and CRLF each.
    var lines: [UInt8] {
        var bytes: [UInt8] = []
        for field in fields {
            bytes += field.name.utf8
            bytes += ": ".utf8
            bytes += field.value.utf8
            bytes += "\r\n".utf8
        }
        return bytes
    }

    /// `bytes` without leading and trailing spaces, tabs, CR and LF.
    private static func trimmed(_ bytes: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return bytes[bytes.startIndex..<bytes.startIndex]
        }
        return bytes[first...last]
    }
}
