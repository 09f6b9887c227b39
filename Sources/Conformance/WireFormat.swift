import BattleshipAPI

/// The API's rules for ids, as the reference states them.
public enum WireFormat {
    /// Whether `text` matches the reference's GUID pattern
    /// `^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`
    /// in lower case, as the reference hands ids out.
    public static func isLowerCaseGUID(_ text: String) -> Bool {
        GUIDPattern.matches(text, lowerCaseOnly: true)
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
