import Foundation

/// A small pull parser over the bytes of one JSON text: the caller asks for the value it
/// expects next (an object's keys, a string, an integer, ...) and unknown values are
/// skipped. It exists for speed: reading a 10,000-game journal through `JSONDecoder` takes
/// longer than the whole report may (BENCHMARKS.md), and the journal's shape is known.
/// Anything unexpected throws ``Malformed``; callers then fall back to `JSONDecoder`.
struct JSONScanner {
    /// The text is not what the caller expected (or not JSON).
    struct Malformed: Error {}

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        position = 0
    }

    /// Whether only whitespace is left.
    var isAtEnd: Bool {
        mutating get {
            skipWhitespace()
            return position >= bytes.count
        }
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func peek() -> UInt8? {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : nil
    }

    private mutating func expect(_ byte: UInt8) throws(Malformed) {
        guard peek() == byte else { throw Malformed() }
        position += 1
    }

    /// Reads an object, calling `body` with each key; `body` must read the key's value.
    mutating func object(_ body: (inout JSONScanner, String) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        if peek() == UInt8(ascii: "}") { position += 1; return }
        while true {
            let key = try string()
            try expect(UInt8(ascii: ":"))
            try body(&self, key)
            guard let next = peek() else { throw Malformed() }
            position += 1
            if next == UInt8(ascii: "}") { return }
            guard next == UInt8(ascii: ",") else { throw Malformed() }
        }
    }

    /// Reads an array, calling `body` for each element; `body` must read the element.
    mutating func array(_ body: (inout JSONScanner) throws -> Void) throws {
        try expect(UInt8(ascii: "["))
        if peek() == UInt8(ascii: "]") { position += 1; return }
        while true {
            try body(&self)
            guard let next = peek() else { throw Malformed() }
            position += 1
            if next == UInt8(ascii: "]") { return }
            guard next == UInt8(ascii: ",") else { throw Malformed() }
        }
    }

    /// Consumes `null` if it comes next.
    mutating func null() -> Bool {
        guard peek() == UInt8(ascii: "n"), position + 4 <= bytes.count,
              bytes[position + 1] == UInt8(ascii: "u"), bytes[position + 2] == UInt8(ascii: "l"), bytes[position + 3] == UInt8(ascii: "l")
        else { return false }
        position += 4
        return true
    }

    mutating func bool() throws -> Bool {
        if peek() == UInt8(ascii: "t"), position + 4 <= bytes.count, bytes[position + 3] == UInt8(ascii: "e") {
            position += 4
            return true
        }
        if peek() == UInt8(ascii: "f"), position + 5 <= bytes.count, bytes[position + 4] == UInt8(ascii: "e") {
            position += 5
            return false
        }
        throw Malformed()
    }

    /// A whole number without fraction or exponent.
    mutating func int() throws -> Int {
        guard var byte = peek() else { throw Malformed() }
        let negative = byte == UInt8(ascii: "-")
        if negative { position += 1 }
        var value = 0, digits = 0
        while position < bytes.count {
            byte = bytes[position]
            guard byte >= 0x30 && byte <= 0x39 else { break }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(byte - 0x30))
            guard !overflow1 && !overflow2 else { throw Malformed() }
            value = sum
            position += 1
            digits += 1
        }
        guard digits > 0, position >= bytes.count || !Self.continuesNumber(bytes[position]) else { throw Malformed() }
        return negative ? -value : value
    }

    /// A whole number in `0...UInt64.max`.
    mutating func uint64() throws -> UInt64 {
        _ = peek()
        var value: UInt64 = 0, digits = 0
        while position < bytes.count, bytes[position] >= 0x30 && bytes[position] <= 0x39 {
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(UInt64(bytes[position] - 0x30))
            guard !overflow1 && !overflow2 else { throw Malformed() }
            value = sum
            position += 1
            digits += 1
        }
        guard digits > 0, position >= bytes.count || !Self.continuesNumber(bytes[position]) else { throw Malformed() }
        return value
    }

    /// Any JSON number, parsed with the standard library's correctly rounded conversion.
    mutating func double() throws -> Double {
        _ = peek()
        let start = position
        while position < bytes.count, Self.continuesNumber(bytes[position]) || (bytes[position] >= 0x30 && bytes[position] <= 0x39) || bytes[position] == UInt8(ascii: "-") {
            position += 1
        }
        guard position > start, let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)) else { throw Malformed() }
        return value
    }

    private static func continuesNumber(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+")
    }

    /// A string, with its escapes resolved.
    mutating func string() throws -> String {
        try expect(UInt8(ascii: "\""))
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                defer { position += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw Malformed() }
            position += 1
        }
        // Escapes: the slow path.
        var text = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { throw Malformed() }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard position + 2 <= bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else { throw Malformed() }
                        position += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw Malformed() }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw Malformed() }
                    text.append(contentsOf: Array(String(Character(unicode)).utf8))
                default:
                    throw Malformed()
                }
            default:
                guard byte >= 0x20 else { throw Malformed() }
                text.append(byte)
            }
        }
        throw Malformed()
    }

    private mutating func hex4() throws -> UInt32 {
        guard position + 4 <= bytes.count else { throw Malformed() }
        var value: UInt32 = 0
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
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Skips one value of any kind, checking its syntax.
    mutating func skipValue() throws {
        switch peek() {
        case UInt8(ascii: "{"): try object { scanner, _ in try scanner.skipValue() }
        case UInt8(ascii: "["): try array { scanner in try scanner.skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): guard null() else { throw Malformed() }
        case .some: _ = try double()
        case nil: throw Malformed()
        }
    }
}
