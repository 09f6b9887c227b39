extension JSONReader {
    /// The error that the text is not JSON at the position, for `reason`.
    @usableFromInline
    func syntaxError(_ reason: String) -> JSONError {
        error(.syntax(reason), at: position)
    }

    /// The error for a value of another kind than `expected` at the position (after
    /// whitespace), or a syntax error when no valid value starts there.
    @usableFromInline
    func mismatch(expected: String) -> JSONError {
        guard position < bytes.count else { return syntaxError("unexpected end of input, expected \(expected)") }
        let byte = bytes[position]
        guard let kind = JSONKind(firstByte: byte) else {
            return syntaxError("expected \(expected), found \(Self.describe(byte))")
        }
        let literal: [UInt8]? =
            switch byte {
            case UInt8(ascii: "t"): Array("true".utf8)
            case UInt8(ascii: "f"): Array("false".utf8)
            case UInt8(ascii: "n"): Array("null".utf8)
            default: nil
            }
        if let literal, !(position + literal.count <= bytes.count && bytes[position..<position + literal.count].elementsEqual(literal)) {
            return syntaxError("invalid literal (expected \(String(decoding: literal, as: UTF8.self)))")
        }
        return error(.typeMismatch(expected: expected, found: kind.description), at: position)
    }

    /// `problem` at `offset`, with the key path that leads there.
    public func error(_ problem: JSONError.Problem, at offset: Int) -> JSONError {
        JSONError(problem: problem, offset: offset, path: locatesPaths ? path(to: offset) : [])
    }

    /// A byte as an error message shows it: `'x'` for printable ASCII, else its hex value.
    static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// The keys and indices that lead from the top of the text to `offset`, found by reading
    /// the text again up to there (only when an error is made, so reading costs nothing for
    /// paths). Everything before an error's offset was read without error, so the walk
    /// reaches it.
    func path(to offset: Int) -> [JSONError.PathComponent] {
        var walker = JSONReader(bytes, maximumDepth: maximumDepth, locatesPaths: false)
        var path: [JSONError.PathComponent] = []
        _ = walker.walkValue(to: offset, path: &path)
        return path
    }

    /// Reads one value unless `offset` comes first or falls inside it; true when it did
    /// (`path` then leads to it).
    private mutating func walkValue(to offset: Int, path: inout [JSONError.PathComponent]) -> Bool {
        skipWhitespace()
        if position >= offset { return true }
        switch try? peekKind() {
        case .object?:
            guard (try? beginObject()) != nil else { return true }
            while true {
                // An item starting at `offset` is entered, so that the path names it.
                skipWhitespace()
                if position > offset { return true }
                let key: String?
                do {
                    key = try nextKey()
                } catch {
                    return true
                }
                guard let key else { return false }
                path.append(.key(key))
                if walkValue(to: offset, path: &path) { return true }
                path.removeLast()
            }
        case .array?:
            guard (try? beginArray()) != nil else { return true }
            var index = 0
            while true {
                // An item starting at `offset` is entered, so that the path names it.
                skipWhitespace()
                if position > offset { return true }
                guard let more = try? nextElement() else { return true }
                guard more else { return false }
                path.append(.index(index))
                if walkValue(to: offset, path: &path) { return true }
                path.removeLast()
                index += 1
            }
        case .some:
            guard (try? skipValue()) != nil else { return true }
            return position > offset
        case nil:
            return true
        }
    }
}
