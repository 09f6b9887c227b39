/// The API's rules for ids, as the reference states them.
public enum WireFormat {
    /// Whether `text` matches the reference's GUID pattern
    /// `^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`
    /// in lower case, as the reference hands ids out.
    public static func isLowerCaseGUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (offset, byte) in bytes.enumerated() {
            switch offset {
            case 8, 13, 18, 23:
                guard byte == UInt8(ascii: "-") else { return false }
            case 14:
                guard (UInt8(ascii: "1")...UInt8(ascii: "5")).contains(byte) else { return false }
            case 19:
                guard "89ab".utf8.contains(byte) else { return false }
            default:
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) else {
                    return false
                }
            }
        }
        return true
    }

    /// A fresh random lower-case version-4 GUID that no server has handed out.
    public static func randomGUID() -> String {
        var generator = SystemRandomNumberGenerator()
        let hex = Array("0123456789abcdef")
        var characters = (0..<32).map { _ in hex[Int(generator.next() % 16)] }
        characters[12] = "4"
        characters[16] = Array("89ab")[Int(generator.next() % 4)]
        let text = String(characters)
        func part(_ from: Int, _ to: Int) -> Substring {
            text[text.index(text.startIndex, offsetBy: from)..<text.index(text.startIndex, offsetBy: to)]
        }
        return [part(0, 8), part(8, 12), part(12, 16), part(16, 20), part(20, 32)].joined(separator: "-")
    }
}
