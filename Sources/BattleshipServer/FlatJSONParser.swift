/// A small, strict JSON parser for request bodies: it validates the whole text and returns the
/// top-level object's fields, with nested arrays and objects reduced to ``FieldValue/other``.
///
/// The API's bodies are flat objects of a few fields; reading them directly is several times
/// faster than a generic `JSONDecoder` round trip, and this is on every request's path.
struct FlatJSONParser {
    /// Why a body is not JSON.
    struct Malformed: Error {}

    private let bytes: [UInt8]
    private var position = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The fields of the top-level object; nil when the text is valid JSON but not an object.
    /// - Throws: ``Malformed`` when the text is not valid JSON.
    static func parseObject(_ bytes: [UInt8]) throws(Malformed) -> [String: FieldValue]? {
        var parser = FlatJSONParser(bytes)
        parser.skipWhitespace()
        var fields: [String: FieldValue]?
        if parser.peek == UInt8(ascii: "{") {
            fields = try parser.object(keepFields: true)
        } else {
            _ = try parser.value(depth: 0)
        }
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw Malformed() }
        return fields
    }

    private static let maximumDepth = 64

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            position += 1
        }
    }

    private mutating func expect(_ byte: UInt8) throws(Malformed) {
        guard peek == byte else { throw Malformed() }
        position += 1
    }

    private mutating func value(depth: Int) throws(Malformed) -> FieldValue {
        guard depth < Self.maximumDepth else { throw Malformed() }
        skipWhitespace()
        switch peek {
        case UInt8(ascii: "{"):
            _ = try object(keepFields: false, depth: depth)
            return .other
        case UInt8(ascii: "["):
            try array(depth: depth)
            return .other
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default:
            return try number()
        }
    }

    private mutating func object(keepFields: Bool, depth: Int = 0) throws(Malformed) -> [String: FieldValue] {
        try expect(UInt8(ascii: "{"))
        var fields: [String: FieldValue] = [:]
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            position += 1
            return fields
        }
        while true {
            skipWhitespace()
            let key = try string()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            let field = try value(depth: depth + 1)
            // Like JSON.parse, the last occurrence of a key wins.
            if keepFields { fields[key] = field }
            skipWhitespace()
            if peek == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect(UInt8(ascii: "}"))
            return fields
        }
    }

    private mutating func array(depth: Int) throws(Malformed) {
        try expect(UInt8(ascii: "["))
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            position += 1
            return
        }
        while true {
            _ = try value(depth: depth + 1)
            skipWhitespace()
            if peek == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect(UInt8(ascii: "]"))
            return
        }
    }

    private mutating func literal(_ word: StaticString) throws(Malformed) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw Malformed() }
        let matches = word.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[position + $0] == expected[$0] }
        }
        guard matches else { throw Malformed() }
        position += count
    }

    private mutating func string() throws(Malformed) -> String {
        try expect(UInt8(ascii: "\""))
        let start = position
        // Fast path: no escapes.
        while let byte = peek, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { throw Malformed() }
            position += 1
        }
        guard let stop = peek else { throw Malformed() }
        if stop == UInt8(ascii: "\"") {
            position += 1
            return try Self.decodeUTF8(bytes[start..<position - 1])
        }
        var scalars = Array(bytes[start..<position])
        while true {
            guard let byte = peek else { throw Malformed() }
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return try Self.decodeUTF8(scalars[...])
            case UInt8(ascii: "\\"):
                guard let escaped = peek else { throw Malformed() }
                position += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escaped)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"): scalars.append(contentsOf: try unicodeEscape())
                default: throw Malformed()
                }
            default:
                guard byte >= 0x20 else { throw Malformed() }
                scalars.append(byte)
            }
        }
    }

    /// The UTF-8 bytes of a `\uXXXX` escape (the `\u` already read), pairing surrogates.
    private mutating func unicodeEscape() throws(Malformed) -> [UInt8] {
        var code = try hex4()
        if (0xD800...0xDBFF).contains(code) {
            guard peek == UInt8(ascii: "\\") else { throw Malformed() }
            position += 1
            try expect(UInt8(ascii: "u"))
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw Malformed() }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(code) {
            throw Malformed()
        }
        guard let scalar = Unicode.Scalar(code) else { throw Malformed() }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func hex4() throws(Malformed) -> UInt32 {
        guard position + 4 <= bytes.count else { throw Malformed() }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            position += 1
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw Malformed()
            }
            code = code << 4 | UInt32(digit)
        }
        return code
    }

    private mutating func number() throws(Malformed) -> FieldValue {
        let start = position
        if peek == UInt8(ascii: "-") { position += 1 }
        guard let first = peek, Self.isDigit(first) else { throw Malformed() }
        if first == UInt8(ascii: "0") {
            position += 1
        } else {
            while let byte = peek, Self.isDigit(byte) { position += 1 }
        }
        var isInteger = true
        if peek == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            try digits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
            try digits()
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger {
            if let whole = Int64(text) { return .integer(whole) }
            if let whole = UInt64(text) { return .unsigned(whole) }
        }
        guard let real = Double(text) else { throw Malformed() }
        return .number(real)
    }

    private mutating func digits() throws(Malformed) {
        guard let byte = peek, Self.isDigit(byte) else { throw Malformed() }
        while let byte = peek, Self.isDigit(byte) { position += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }

    private static func decodeUTF8(_ slice: ArraySlice<UInt8>) throws(Malformed) -> String {
        guard let text = String(validating: slice, as: UTF8.self) else { throw Malformed() }
        return text
    }
}
