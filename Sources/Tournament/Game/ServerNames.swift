/// Names sent to servers, which accept only letters, digits and spaces (and refuse a few
/// reserved words): display names are mapped onto that alphabet.
public enum ServerNames {
    static let reserved: Set<String> = ["in progress", "done", "waiting", "playing", "winner", "ship", "hit", "miss", "none"]

    /// `display` with every other character turned into a space, runs of spaces collapsed,
    /// at most 64 characters; `fallback` when nothing is left or the result is reserved.
    public static func player(_ display: String, fallback: String) -> String {
        var text = ""
        for character in display {
            let keep = character.isASCII && (character.isLetter || character.isNumber)
            if keep {
                text.append(character)
            } else if !text.isEmpty && text.last != " " {
                text.append(" ")
            }
        }
        while text.last == " " { text.removeLast() }
        text = String(text.prefix(64))
        while text.last == " " { text.removeLast() }
        return text.isEmpty || reserved.contains(text.lowercased()) ? fallback : text
    }

    /// The two players' names for a game between `creator` and `joiner`, made distinct so
    /// the winner's name tells who won.
    public static func pair(creator: String, joiner: String) -> (creator: String, joiner: String) {
        let first = player(creator, fallback: "bot one")
        var second = player(joiner, fallback: "bot two")
        if second.lowercased() == first.lowercased() {
            second = String(second.prefix(62)) + " 2"
        }
        return (first, second)
    }

    /// A game name: `salvo TOURNAMENT INDEX`.
    public static func game(tournament: String, index: Int) -> String {
        player("salvo \(tournament) \(index)", fallback: "salvo game \(index)")
    }
}
