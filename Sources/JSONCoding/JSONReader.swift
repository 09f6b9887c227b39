/// A strict, pull-style reader of one JSON text (RFC 8259) straight from its UTF-8 bytes:
/// the caller asks for the value it expects next (an object's keys, a string, a number, ...)
/// and skips the ones it does not want. Nothing is built that the caller does not ask for,
/// which makes it several times faster than `JSONDecoder` on the API's small replies and on
/// a 10,000-game journal.
///
/// Everything RFC 8259 refuses is refused: trailing commas, leading zeros, single quotes,
/// control characters in strings, unpaired surrogate escapes, invalid UTF-8, data after the
/// value. Errors (``JSONError``) say what was wrong, at which byte, and under which key path.
///
/// ```swift
/// let status = try JSONReader.read(body) { reader throws(JSONError) in
///     var winner: String?
///     let start = try reader.beginObject()
///     while let key = try reader.nextKey() {
///         if key == "winner" { winner = try reader.string() } else { try reader.skipValue() }
///     }
///     return try reader.required(winner, "winner", inObjectAt: start)
/// }
/// ```
///
/// Inside an object, every ``nextKey()`` that returns a key must be followed by reading or
/// skipping exactly one value; likewise every ``nextElement()`` that returns true in an array.
/// A reader lives only inside the closure given to ``read(_:maximumDepth:_:)``.
public struct JSONReader {
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline var position = 0
    @usableFromInline var depth = 0
    /// Whether a `,` must come before the next member or element: false right after `{` or `[`.
    @usableFromInline var needsSeparator = false
    /// How many objects and arrays may be open at once; deeper text is refused.
    public let maximumDepth: Int
    /// False while the reader walks a text to find an error's key path: its own errors then
    /// carry no path (and do not start another walk).
    @usableFromInline let locatesPaths: Bool

    @usableFromInline init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, locatesPaths: Bool = true) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        self.locatesPaths = locatesPaths
    }

    /// Reads the JSON text in `bytes` with `body`, then requires that nothing but whitespace
    /// follows what `body` read.
    @inlinable
    public static func read<Value>(
        _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = 64, _ body: (inout JSONReader) throws(JSONError) -> Value
    ) throws(JSONError) -> Value {
        var reader = JSONReader(bytes, maximumDepth: maximumDepth)
        let value = try body(&reader)
        try reader.expectEnd()
        return value
    }

    /// Reads the JSON text in `bytes` with `body`, then requires that nothing but whitespace
    /// follows what `body` read.
    @inlinable
    public static func read<Value>(
        _ bytes: [UInt8], maximumDepth: Int = 64, _ body: (inout JSONReader) throws(JSONError) -> Value
    ) throws(JSONError) -> Value {
        let result: Result<Value, JSONError> = bytes.withUnsafeBufferPointer { buffer in
            Result(catching: { () throws(JSONError) -> Value in try read(buffer, maximumDepth: maximumDepth, body) })
        }
        return try result.get()
    }

    /// `error` itself if it is a syntax error or `bytes` are valid JSON; otherwise the
    /// syntax error of `bytes`, which says more than a shape error found before it.
    @usableFromInline
    static func syntaxErrorFirst(_ error: JSONError, in bytes: [UInt8]) -> JSONError {
        if case .syntax = error.problem { return error }
        do {
            try read(bytes) { reader throws(JSONError) in try reader.skipValue() }
            return error
        } catch {
            return error
        }
    }

    /// The byte offset the reader has reached.
    public var offset: Int { position }

    /// Throws unless only whitespace is left.
    @inlinable
    mutating func expectEnd() throws(JSONError) {
        skipWhitespace()
        guard position == bytes.count else { throw syntaxError("unexpected data after the JSON value") }
    }

    @inlinable @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            position += 1
        }
    }

    /// The offset where the next value starts (after whitespace), for errors about it that
    /// come later, such as ``invalidValue(_:at:)``.
    @inlinable
    public mutating func valueOffset() -> Int {
        skipWhitespace()
        return position
    }

    /// The kind of the next value, without reading it.
    /// - Throws: a syntax error when no value starts there.
    public mutating func peekKind() throws(JSONError) -> JSONKind {
        skipWhitespace()
        guard position < bytes.count, let kind = JSONKind(firstByte: bytes[position]) else {
            throw syntaxError(position < bytes.count ? "expected a value, found \(Self.describe(bytes[position]))" : "unexpected end of input")
        }
        return kind
    }
}
