extension JSONReader {
    /// Reads a string, with its escapes resolved.
    @inlinable
    public mutating func string() throws(JSONError) -> String {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw mismatch(expected: JSONKind.string.description) }
        return try stringContents()
    }

    /// The string whose opening quote is at the position. Fast path: ASCII without escapes.
    @inlinable
    mutating func stringContents() throws(JSONError) -> String {
        let start = position + 1
        var index = start
        var high: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let contents = UnsafeBufferPointer(rebasing: bytes[start..<index])
                if high < 0x80 {
                    position = index + 1
                    return String(decoding: contents, as: UTF8.self)
                }
                guard let text = String(validating: contents, as: UTF8.self) else { break }
                position = index + 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            high |= byte
            index += 1
        }
        return try slowStringContents(from: start)
    }

    /// The string from `start` (after its opening quote) to its closing quote, with escapes
    /// and non-ASCII text checked byte by byte.
    @usableFromInline
    mutating func slowStringContents(from start: Int) throws(JSONError) -> String {
        var text: [UInt8] = []
        position = start
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                // Every byte was checked on the way: this cannot fail.
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try appendEscape(to: &text)
            case 0..<0x20:
                throw syntaxError("control character \(Self.describe(byte)) in a string (escape it)")
            case 0x80...:
                let length = Self.utf8SequenceLength(bytes, at: position)
                guard length > 0 else { throw syntaxError("invalid UTF-8 in a string") }
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<position + length]))
                position += length
            default:
                text.append(byte)
                position += 1
            }
        }
        throw syntaxError("unterminated string")
    }

    /// Reads the escape at the position (its backslash) and appends its UTF-8 bytes.
    private mutating func appendEscape(to text: inout [UInt8]) throws(JSONError) {
        guard position + 1 < bytes.count else {
            position = bytes.count
            throw syntaxError("unterminated string")
        }
        let escaped = bytes[position + 1]
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            let scalar = try unicodeEscape()
            text.append(contentsOf: String(Character(scalar)).utf8)
            return
        default:
            throw syntaxError("invalid escape '\\\(Character(Unicode.Scalar(escaped)))' in a string")
        }
        position += 2
    }

    /// Reads `\uXXXX` at the position, or a surrogate pair `\uD83D\uDE00`.
    private mutating func unicodeEscape() throws(JSONError) -> Unicode.Scalar {
        let high = try hex4(at: position + 2)
        if (0xDC00...0xDFFF).contains(high) {
            throw syntaxError("unpaired low surrogate \\u\(Self.hex(high)) in a string")
        }
        guard (0xD800...0xDBFF).contains(high) else {
            position += 6
            // Not a surrogate: always a scalar.
            return Unicode.Scalar(high) ?? "\u{FFFD}"
        }
        guard position + 7 < bytes.count, bytes[position + 6] == UInt8(ascii: "\\"), bytes[position + 7] == UInt8(ascii: "u") else {
            throw syntaxError("unpaired high surrogate \\u\(Self.hex(high)) in a string")
        }
        let low = try hex4(at: position + 8)
        guard (0xDC00...0xDFFF).contains(low) else {
            throw syntaxError("high surrogate \\u\(Self.hex(high)) followed by \\u\(Self.hex(low)), not a low surrogate")
        }
        position += 12
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
    }

    /// The four hexadecimal digits at `start`.
    private mutating func hex4(at start: Int) throws(JSONError) -> UInt32 {
        var code: UInt32 = 0
        for index in start..<start + 4 {
            guard index < bytes.count else {
                position = bytes.count
                throw syntaxError("unterminated string")
            }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default:
                position = index
                throw syntaxError("expected four hexadecimal digits after \\u")
            }
            code = code << 4 | UInt32(digit)
        }
        return code
    }

    private static func hex(_ code: UInt32) -> String {
        let digits = String(code, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The length of the well-formed UTF-8 sequence at `start` (RFC 3629: no overlong forms,
    /// no surrogates, nothing above U+10FFFF), or 0 when it is not one.
    static func utf8SequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
        let lead = bytes[start]
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            upper = 0x9F
        case 0xF0:
            length = 4
            lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            upper = 0x8F
        default: return 0
        }
        guard start + length <= bytes.count else { return 0 }
        guard (lower...upper).contains(bytes[start + 1]) else { return 0 }
        for index in start + 2..<start + length where !(0x80...0xBF).contains(bytes[index]) {
            return 0
        }
        return length
    }
}
