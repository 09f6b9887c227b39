/// The reference server's id pattern,
/// `^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`: the server
/// checks ids against it in any case, and the conformance suite checks that the ids a server
/// hands out match it in lower case.
public enum GUIDPattern {
    /// Whether `text` matches the pattern; with `lowerCaseOnly`, only in lower case.
    public static func matches(_ text: String, lowerCaseOnly: Bool = false) -> Bool {
        var count = 0
        for byte in text.utf8 {
            defer { count += 1 }
            let folded = lowerCaseOnly ? byte : lowerCased(byte)
            switch count {
            case 8, 13, 18, 23:
                guard folded == UInt8(ascii: "-") else { return false }
            case 14:
                guard (UInt8(ascii: "1")...UInt8(ascii: "5")).contains(folded) else { return false }
            case 19:
                guard "89ab".utf8.contains(folded) else { return false }
            case 36...:
                return false
            default:
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(folded) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(folded) else {
                    return false
                }
            }
        }
        return count == 36
    }

    private static func lowerCased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
