/// FNV-1a with 64 bits (Fowler, Noll and Vo), fed in pieces: a fast, non-cryptographic hash
/// for numbers that must stay the same from one Salvo to the next, the one copy of it.
///
/// Salvo keeps it only where a value already written depends on it: the digest of a journal's
/// resume settings (`ResumeSettings.digest(of:)`) and the fleet keys of season nights written
/// before names keyed them (`SeasonFleetKeys.fnv64`). Anything an attacker could choose the
/// input of wants ``HMACSHA256`` or ``SHA256Hasher`` instead: FNV-1a collides on purpose easily.
///
/// ```swift
/// FNV1a64.hash("foobar")                 // 0x85944171f73967e8
/// var hasher = FNV1a64()
/// hasher.update("foo"); hasher.update("bar")
/// hasher.value                           // the same
/// ```
public struct FNV1a64: Hashable, Sendable {
    /// The offset basis, the value of no bytes.
    public static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    /// The 64-bit FNV prime.
    public static let prime: UInt64 = 0x100_0000_01B3

    /// The hash of every byte added so far.
    public private(set) var value: UInt64 = Self.offsetBasis

    /// A hasher that has seen no bytes.
    public init() {}

    /// Adds `bytes` to what is hashed.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        var hash = value
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* Self.prime }
        value = hash
    }

    /// Adds the UTF-8 bytes of `text` to what is hashed.
    public mutating func update(_ text: String) {
        update(text.utf8)
    }

    /// The hash of `text`'s UTF-8 bytes.
    public static func hash(_ text: String) -> UInt64 {
        var hasher = FNV1a64()
        hasher.update(text.utf8)
        return hasher.value
    }

    /// `value` as 16 lowercase hex digits, zeros in front.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
