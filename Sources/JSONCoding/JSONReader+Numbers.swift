extension JSONReader {
    /// Reads a whole number that fits in `Int`. `3`, `-12` and also `3.0` or `1e2` (exactly
    /// whole) are read; `3.5` and `1e30` are refused as invalid values.
    @inlinable
    public mutating func int() throws(JSONError) -> Int {
        try wholeNumber(Int.self, fastDigits: 18)
    }

    /// Reads a whole number from 0 to `UInt64.max`.
    @inlinable
    public mutating func uint64() throws(JSONError) -> UInt64 {
        try wholeNumber(UInt64.self, fastDigits: 19)
    }

    /// A whole number of `Integer`; plain digits of at most `fastDigits` (which cannot
    /// overflow) are read here, anything else by ``slowInteger(from:)``.
    @inlinable
    mutating func wholeNumber<Integer: FixedWidthInteger>(_: Integer.Type, fastDigits: Int) throws(JSONError) -> Integer {
        skipWhitespace()
        let start = position
        var index = position
        let negative = Integer.isSigned && index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let digitsStart = index
        var value: Integer = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            guard index - digitsStart < fastDigits else { return try slowInteger(from: start) }
            value = value &* 10 &+ Integer(digit)
            index += 1
        }
        guard index > digitsStart, !(index - digitsStart > 1 && bytes[digitsStart] == UInt8(ascii: "0")),
            !(index < bytes.count && Self.continuesNumber(bytes[index]))
        else { return try slowInteger(from: start) }
        position = index
        return negative ? 0 &- value : value
    }

    /// Reads any number, converted with the standard library's correctly rounded conversion
    /// (a number too large for `Double` is infinity, as JavaScript's `JSON.parse` reads it).
    public mutating func double() throws(JSONError) -> Double {
        let token = try number(expected: "a number")
        // The grammar was checked: the conversion cannot fail.
        return Double(token.text) ?? .nan
    }

    /// Reads a number as its text, grammar checked, for callers that choose the type by it.
    public mutating func number() throws(JSONError) -> JSONNumber {
        try number(expected: "a number")
    }

    @inlinable
    static func continuesNumber(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    /// A whole number the fast paths did not take: long, with a fraction or an exponent, or
    /// not a number at all.
    @usableFromInline
    mutating func slowInteger<Integer: FixedWidthInteger>(from start: Int) throws(JSONError) -> Integer {
        position = start
        let token = try number(expected: Integer.isSigned ? "a whole number" : "a whole number from 0 up")
        if token.isInteger, let value = Integer(token.text) {
            return value
        }
        if !token.isInteger, let real = Double(token.text), let value = Integer(exactly: real) {
            return value
        }
        let range = "\(Integer.min) to \(Integer.max)"
        let reason = token.isInteger || Double(token.text).map { $0.rounded() == $0 } == true ? "is out of range (\(range))" : "is not a whole number"
        throw invalidValue("\(token.text) \(reason)", at: start)
    }

    /// Reads the number at the position, checking it against RFC 8259's grammar:
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func number(expected: String) throws(JSONError) -> JSONNumber {
        skipWhitespace()
        let start = position
        guard position < bytes.count, bytes[position] == UInt8(ascii: "-") || Self.isDigit(bytes[position]) else {
            throw mismatch(expected: expected)
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, Self.isDigit(bytes[position]) else { throw syntaxError("expected a digit after '-'") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, Self.isDigit(bytes[position]) { throw syntaxError("leading zero in a number") }
        } else {
            skipDigits()
        }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, Self.isDigit(bytes[position]) else { throw syntaxError("expected a digit after '.'") }
            skipDigits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count, Self.isDigit(bytes[position]) else { throw syntaxError("expected a digit in the exponent") }
            skipDigits()
        }
        return JSONNumber(text: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self), isInteger: isInteger)
    }

    private mutating func skipDigits() {
        while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
