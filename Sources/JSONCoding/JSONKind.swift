/// The six kinds of JSON value.
public enum JSONKind: Hashable, Sendable, CustomStringConvertible {
    case object
    case array
    case string
    case number
    case bool
    case null

    /// The kind of the value that starts with `byte`, or nil when no value starts so.
    @inlinable
    init?(firstByte byte: UInt8) {
        switch byte {
        case UInt8(ascii: "{"): self = .object
        case UInt8(ascii: "["): self = .array
        case UInt8(ascii: "\""): self = .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): self = .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): self = .bool
        case UInt8(ascii: "n"): self = .null
        default: return nil
        }
    }

    /// `an object`, `a string`, `null`: the kind in a message.
    public var description: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}
