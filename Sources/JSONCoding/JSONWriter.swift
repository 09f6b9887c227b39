/// Writes compact JSON text as UTF-8 bytes, putting the commas itself: the hot paths (wire
/// bodies, the journal's lines, live standings; docs/json.md) without an encoder.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.beginObject()
/// writer.key("playerId")
/// writer.string(playerId)
/// writer.endObject()
/// let body = writer.bytes  // {"playerId":"..."}
/// ```
public struct JSONWriter: Sendable {
    /// The text written so far.
    public private(set) var bytes: [UInt8] = []
    /// Whether a `,` must come before the next key or element.
    private var needsComma = false

    public init(capacity: Int = 64) {
        bytes.reserveCapacity(capacity)
    }

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A member's key and its `:`; write its value next. The key is written as it is, so it
    /// must need no escaping (the API's keys do not).
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A member's key, escaped, and its `:`; write its value next.
    public mutating func key(_ name: String) {
        separate()
        Self.appendQuoted(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func string(_ text: String) {
        value { Self.appendQuoted(text, to: &$0) }
    }

    public mutating func int(_ number: Int) {
        value { Self.appendDecimal(number, to: &$0) }
    }

    public mutating func uint64(_ number: UInt64) {
        value { Self.appendDecimal(number, to: &$0) }
    }

    /// A finite number as Foundation's `JSONEncoder` writes it: Swift's shortest description,
    /// without a trailing `.0` (`3`, `0.25`, `1e-05`, `1e+17`).
    public mutating func double(_ number: Double) {
        precondition(number.isFinite, "JSON has no NaN or infinity")
        value { bytes in
            var text = number.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            bytes.append(contentsOf: text.utf8)
        }
    }

    public mutating func bool(_ flag: Bool) {
        value { $0.append(contentsOf: flag ? Self.trueBytes : Self.falseBytes) }
    }

    public mutating func null() {
        value { $0.append(contentsOf: Self.nullBytes) }
    }

    /// A value already written as JSON text by another encoder (the journal's configuration,
    /// by `JSONEncoder`), put in as it is: it must be one whole, valid JSON value.
    public mutating func raw(_ text: some Collection<UInt8>) {
        value { $0.append(contentsOf: text) }
    }

    /// The member `name` with a whole number, or nothing when `number` is nil.
    public mutating func optionalMember(_ name: StaticString, _ number: UInt64?) {
        guard let number else { return }
        key(name)
        uint64(number)
    }

    /// `"name":"text"`, or nothing when `text` is nil.
    public mutating func optionalMember(_ name: StaticString, _ text: String?) {
        guard let text else { return }
        key(name)
        string(text)
    }

    /// A scalar value, after a comma if one is due.
    private mutating func value(_ write: (inout [UInt8]) -> Void) {
        separate()
        write(&bytes)
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
    private static let nullBytes = Array("null".utf8)

    /// `text` as a JSON string literal, quotes included: quotes, backslashes and control
    /// characters escaped (`\n`, `\r`, `\t`, else `\u00xx`), everything else as is (UTF-8).
    /// Inlinable, as the report writers call it for every string of 10,000 replays.
    @inlinable
    public static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    let low = byte & 0xF
                    bytes.append(contentsOf: [
                        UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), UInt8(ascii: "0") + byte >> 4,
                        low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") - 10 + low,
                    ])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `value` in decimal. Inlinable, so that callers get it specialized for their type.
    @inlinable
    public static func appendDecimal(_ value: some BinaryInteger, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = UInt64(value.magnitude)
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        withUnsafeMutableBytes(of: &digits) { buffer in
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: buffer[index...])
        }
    }
}
