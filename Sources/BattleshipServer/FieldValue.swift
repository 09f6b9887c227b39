/// One field of a request body, JSON or form-encoded, before the endpoint interprets it.
enum FieldValue: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    case unsigned(UInt64)
    case number(Double)
    case bool(Bool)
    case null
    /// An array or object, as its JSON text: only the `fleet` extension takes one.
    case structured([UInt8])

    /// The value as a name: strings, and whole numbers as JavaScript would print them.
    var nameText: String? {
        switch self {
        case .string(let text): text
        case .integer(let whole): String(whole)
        case .unsigned(let whole): String(whole)
        default: nil
        }
    }

    /// The value as JavaScript's `parseInt` reads it, the way the reference takes coordinates:
    /// `3`, `"3"`, `" 3"`, `"3.7"`, `3.7` and `"3abc"` are all 3; `"abc"`, `true` and `null` are nothing.
    var parsedInteger: Int? {
        switch self {
        case .string(let text): return Self.parseInt(text)
        case .integer(let whole): return Int(exactly: whole)
        case .unsigned(let whole): return Int(exactly: whole)
        case .number(let real): return Self.parseInt(javaScriptNumber: real)
        case .bool, .null, .structured: return nil
        }
    }

    /// The value as a board seed: a whole number from 0 to 2^64-1, or its decimal text.
    var seed: UInt64? {
        switch self {
        case .integer(let whole): UInt64(exactly: whole)
        case .unsigned(let whole): whole
        case .string(let text): UInt64(text)
        default: nil
        }
    }

    /// `parseInt(text)`: optional leading white space and sign, then decimal digits
    /// (or hexadecimal after `0x`), stopping at the first other character.
    static func parseInt(_ text: String) -> Int? {
        var bytes = Substring(text).utf8.drop(while: { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) })
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var radix = 10
        if bytes.starts(with: "0x".utf8) || bytes.starts(with: "0X".utf8) {
            radix = 16
            bytes = bytes.dropFirst(2)
        }
        var value = 0
        var digits = 0
        for byte in bytes {
            guard let digit = digitValue(byte), digit < radix else { break }
            let (scaled, overflow) = value.multipliedReportingOverflow(by: radix)
            guard !overflow else { return nil }
            value = scaled + digit
            digits += 1
        }
        guard digits > 0 else { return nil }
        return negative ? -value : value
    }

    /// `parseInt(String(real))`: JavaScript prints tiny and huge numbers in exponent form,
    /// so only their first digit survives.
    static func parseInt(javaScriptNumber real: Double) -> Int? {
        guard real.isFinite else { return nil }
        let magnitude = abs(real)
        if magnitude == 0 { return 0 }
        if magnitude >= 1e-6 && magnitude < 1e21 {
            return Int(real.rounded(.towardZero))
        }
        // Swift, like JavaScript, prints such numbers as "1.5e-07": the first character is
        // the leading digit.
        guard let leading = String(magnitude).first?.wholeNumberValue else { return nil }
        return real < 0 ? -leading : leading
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: nil
        }
    }
}
