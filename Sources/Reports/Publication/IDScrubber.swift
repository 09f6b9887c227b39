import Tournament

/// Cuts a game's server ids (the game id and both player ids) out of a text that came with
/// the game (a forfeit's reason, a bot's stderr): whoever holds a player id can read that
/// player's fleet from the server while the game is played.
public struct IDScrubber: Sendable {
    /// What an id is replaced with.
    public static let placeholder = "[id]"
    /// The ids, longest first (so an id inside another is not cut in two).
    public let ids: [String]

    public init(_ record: GameRecord) {
        self.init(ids: [record.gameId] + record.players.map(\.playerId))
    }

    public init(ids: [String]) {
        self.ids = Array(Set(ids.filter { !$0.isEmpty })).sorted { $0.count > $1.count }
    }

    /// `text` with every id replaced by ``placeholder``.
    public func scrub(_ text: String) -> String {
        var text = text
        for id in ids where text.contains(id) {
            text = text.replacing(id, with: Self.placeholder)
        }
        return text
    }

    /// `text` with every word of letters, digits, `-` and `_` that is one of `ids` replaced by
    /// ``placeholder``: the ids of a whole run looked up in one pass, however many there are.
    public static func scrubWords(_ text: String, ids: Set<String>) -> String {
        guard !ids.isEmpty else { return text }
        var output = ""
        var word = ""
        func flush() {
            output += ids.contains(word) ? placeholder : word
            word = ""
        }
        for character in text {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                word.append(character)
            } else {
                flush()
                output.append(character)
            }
        }
        flush()
        return output
    }
}
