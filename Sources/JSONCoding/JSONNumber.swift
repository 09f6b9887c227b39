/// A JSON number as written, its grammar checked, for a caller that picks the type it reads
/// it as (the server takes `Int64`, then `UInt64`, then `Double`).
public struct JSONNumber: Hashable, Sendable {
    /// The number's text, such as `-12`, `2.5e1`.
    public var text: String
    /// Whether it has neither a fraction nor an exponent.
    public var isInteger: Bool

    public init(text: String, isInteger: Bool) {
        self.text = text
        self.isInteger = isInteger
    }
}
