extension JSONReader {
    /// Reads `true` or `false`.
    @inlinable
    public mutating func bool() throws(JSONError) -> Bool {
        skipWhitespace()
        if matches(0x74_72_75_65, count: 4) {  // "true"
            position += 4
            return true
        }
        if matches(0x66_61_6C_73, count: 4), position + 4 < bytes.count, bytes[position + 4] == UInt8(ascii: "e") {  // "false"
            position += 5
            return false
        }
        throw mismatch(expected: JSONKind.bool.description)
    }

    /// Reads `null` if it comes next and returns true; otherwise reads nothing and returns false.
    @inlinable
    public mutating func readNull() -> Bool {
        skipWhitespace()
        guard matches(0x6E_75_6C_6C, count: 4) else { return false }  // "null"
        position += 4
        return true
    }

    /// Reads `null`.
    public mutating func null() throws(JSONError) {
        guard readNull() else { throw mismatch(expected: JSONKind.null.description) }
    }

    /// Whether the next four bytes are `word`'s, big-endian.
    @inlinable
    func matches(_ word: UInt32, count: Int) -> Bool {
        guard position + count <= bytes.count else { return false }
        var read: UInt32 = 0
        for index in 0..<count { read = read << 8 | UInt32(bytes[position + index]) }
        return read == word
    }

    /// Skips one value of any kind, checking its syntax, and returns its text, to hand to
    /// another decoder (the journal's configuration goes to `JSONDecoder`).
    public mutating func rawValue() throws(JSONError) -> [UInt8] {
        let start = valueOffset()
        try skipValue()
        return Array(bytes[start..<position])
    }

    /// Skips one value of any kind, checking its syntax.
    public mutating func skipValue() throws(JSONError) {
        switch try peekKind() {
        case .object:
            try beginObject()
            while try nextKeyView() != nil { try skipValue() }
        case .array:
            try beginArray()
            while try nextElement() { try skipValue() }
        case .string:
            _ = try stringContents()
        case .number:
            _ = try number()
        case .bool:
            _ = try bool()
        case .null:
            try null()
        }
    }
}
