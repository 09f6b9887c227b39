import JSONCoding

/// A growing buffer of UTF-8 bytes for writing report files fast: appending literals,
/// strings and integers to it costs a copy, where `String` concatenation cost most of a
/// 10,000-game report's time (BENCHMARKS.md).
struct ByteBuffer {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func append(bytes more: [UInt8]) {
        bytes.append(contentsOf: more)
    }

    /// Takes back the last `count` bytes.
    mutating func dropLast(_ count: Int) {
        bytes.removeLast(min(count, bytes.count))
    }

    /// `value` in decimal.
    mutating func append(_ value: Int) {
        JSONWriter.appendDecimal(value, to: &bytes)
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped, the rest
    /// as is (UTF-8), as ``JSONWriter`` writes every JSON string.
    mutating func appendJSONString(_ text: String) {
        JSONWriter.appendQuoted(text, to: &bytes)
    }
}
