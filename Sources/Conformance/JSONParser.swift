/// A strict JSON parser over bytes (RFC 8259), into ``JSONValue``: a board reply is 100
/// objects per list, and this keeps reading one cheap where `JSONDecoder` is not.
struct JSONParser {
    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0

    private struct Invalid: Error {}

    /// The value of `bytes`, or nil when they are not exactly one JSON value.
    static func parse(_ bytes: [UInt8]) -> JSONValue? {
        var parser = JSONParser(bytes: bytes)
        guard let value = try? parser.value() else { return nil }
        parser.skipSpace()
        return parser.position == bytes.count ? value : nil
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func skipSpace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private mutating func value() throws(Invalid) -> JSONValue {
        skipSpace()
        guard position < bytes.count else { throw Invalid() }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try number())
        }
    }

    private mutating func object() throws(Invalid) -> JSONValue {
        depth += 1
        guard depth < 64 else { throw Invalid() }
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw Invalid() }
            let key = try string()
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw Invalid() }
            position += 1
            members.append((key, try value()))
            skipSpace()
            guard position < bytes.count else { throw Invalid() }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            guard bytes[position] == UInt8(ascii: "}") else { throw Invalid() }
            position += 1
            depth -= 1
            // Sorted by key, so two replies with the same members compare equal.
            return .object(members.sorted { $0.key < $1.key })
        }
    }

    private mutating func array() throws(Invalid) -> JSONValue {
        depth += 1
        guard depth < 64 else { throw Invalid() }
        position += 1
        var items: [JSONValue] = []
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(items)
        }
        while true {
            items.append(try value())
            skipSpace()
            guard position < bytes.count else { throw Invalid() }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            guard bytes[position] == UInt8(ascii: "]") else { throw Invalid() }
            position += 1
            depth -= 1
            return .array(items)
        }
    }

    private mutating func literal(_ word: String) throws(Invalid) {
        let expected = Array(word.utf8)
        guard position + expected.count <= bytes.count, Array(bytes[position..<position + expected.count]) == expected else { throw Invalid() }
        position += expected.count
    }

    private mutating func number() throws(Invalid) -> Double {
        let start = position
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        let digitsStart = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
        guard position > digitsStart else { throw Invalid() }
        guard bytes[digitsStart] != UInt8(ascii: "0") || position - digitsStart == 1 else { throw Invalid() }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            let fraction = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            guard position > fraction else { throw Invalid() }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            let exponent = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            guard position > exponent else { throw Invalid() }
        }
        guard let number = Double(String(decoding: bytes[start..<position], as: UTF8.self)) else { throw Invalid() }
        return number
    }

    private mutating func string() throws(Invalid) -> String {
        position += 1
        var runStart = position
        var text = ""
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                text += String(decoding: bytes[runStart..<position], as: UTF8.self)
                position += 1
                return text
            }
            guard byte >= 0x20 else { throw Invalid() }
            if byte == UInt8(ascii: "\\") {
                text += String(decoding: bytes[runStart..<position], as: UTF8.self)
                position += 1
                guard position < bytes.count else { throw Invalid() }
                let escaped = bytes[position]
                position += 1
                switch escaped {
                case UInt8(ascii: "\""): text += "\""
                case UInt8(ascii: "\\"): text += "\\"
                case UInt8(ascii: "/"): text += "/"
                case UInt8(ascii: "b"): text += "\u{08}"
                case UInt8(ascii: "f"): text += "\u{0C}"
                case UInt8(ascii: "n"): text += "\n"
                case UInt8(ascii: "r"): text += "\r"
                case UInt8(ascii: "t"): text += "\t"
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), position + 6 <= bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                        position += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw Invalid() }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    text.unicodeScalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default: throw Invalid()
                }
                runStart = position
                continue
            }
            position += 1
        }
        throw Invalid()
    }

    private mutating func hex4() throws(Invalid) -> UInt32 {
        guard position + 4 <= bytes.count else { throw Invalid() }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Invalid()
            }
            code = code << 4 | UInt32(digit)
            position += 1
        }
        return code
    }
}
