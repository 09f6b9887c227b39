extension JSONReader {
    /// Reads the `{` of an object and returns its offset (for ``required(_:_:inObjectAt:)``);
    /// then call ``nextKey()`` until it returns nil.
    @inlinable @discardableResult
    public mutating func beginObject() throws(JSONError) -> Int {
        try open(UInt8(ascii: "{"), .object)
    }

    /// Reads the `[` of an array and returns its offset; then call ``nextElement()`` until it
    /// returns false.
    @inlinable @discardableResult
    public mutating func beginArray() throws(JSONError) -> Int {
        try open(UInt8(ascii: "["), .array)
    }

    @inlinable @inline(__always)
    mutating func open(_ bracket: UInt8, _ kind: JSONKind) throws(JSONError) -> Int {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == bracket else { throw mismatch(expected: kind.description) }
        guard depth < maximumDepth else { throw syntaxError("more than \(maximumDepth) nested objects and arrays") }
        depth += 1
        needsSeparator = false
        defer { position += 1 }
        return position
    }

    /// The next key of the current object, with its `:` read, or nil when the object's `}`
    /// came instead. The key's value must be read or skipped before the next call.
    @inlinable
    public mutating func nextKey() throws(JSONError) -> String? {
        try nextKeyView()?.string
    }

    /// Like ``nextKey()``, but the key is compared where it lies, without making a `String`
    /// of it: `switch key { case "seat": ... }`. The fastest way through objects of known keys.
    @inlinable
    public mutating func nextKeyView() throws(JSONError) -> JSONKeyView? {
        guard try nextItem(closedBy: UInt8(ascii: "}")) else { return nil }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            throw syntaxError(needsSeparator ? "expected a key (a string) after ','" : "expected a key (a string) or '}'")
        }
        // Fast path: printable ASCII without escapes, viewed in place.
        let start = position + 1
        var index = start
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] >= 0x20, bytes[index] < 0x80, bytes[index] != UInt8(ascii: "\\") {
            index += 1
        }
        let key: JSONKeyView
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            key = JSONKeyView(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            position = index + 1
        } else {
            key = JSONKeyView(try stringContents())
        }
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw syntaxError("expected ':' after the key") }
        position += 1
        needsSeparator = true
        return key
    }

    /// Whether the current array has another element (then read or skip it), false when its
    /// `]` came instead.
    @inlinable
    public mutating func nextElement() throws(JSONError) -> Bool {
        guard try nextItem(closedBy: UInt8(ascii: "]")) else { return false }
        needsSeparator = true
        return true
    }

    /// Reads the closing bracket (false) or the separator before the next item, if one is
    /// due (true); leaves the position at the item, after whitespace.
    @inlinable @inline(__always)
    mutating func nextItem(closedBy bracket: UInt8) throws(JSONError) -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw syntaxError("unexpected end of input") }
        let byte = bytes[position]
        if byte == bracket {
            // After `[` or `{`, or after an item; never after a `,`, which is read below
            // together with the item that must follow it.
            position += 1
            depth -= 1
            needsSeparator = true
            return false
        }
        if needsSeparator {
            guard byte == UInt8(ascii: ",") else {
                throw syntaxError(
                    bracket == UInt8(ascii: "}") ? "expected ',' or '}' after an object member" : "expected ',' or ']' after an array element")
            }
            position += 1
            skipWhitespace()
            guard position < bytes.count else { throw syntaxError("unexpected end of input") }
            if bytes[position] == bracket { throw syntaxError("trailing comma before '\(Character(Unicode.Scalar(bracket)))'") }
        }
        return true
    }

    /// `value`, or the error that `name` is missing from the object at `offset` (the result
    /// of ``beginObject()``).
    @inlinable
    public func required<Value>(_ value: Value?, _ name: String, inObjectAt offset: Int) throws(JSONError) -> Value {
        guard let value else { throw error(.missingField(name), at: offset) }
        return value
    }

    /// The error for a value at `offset` (from ``valueOffset()``) that has the right type
    /// but is not acceptable, such as an unknown enum case; `detail` says why.
    public func invalidValue(_ detail: String, at offset: Int) -> JSONError {
        error(.invalidValue(detail), at: offset)
    }
}
