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
}
