/// A game a check created and joined: its id and both players, with their names.
public struct StartedGame: Sendable, Hashable {
    /// One seat of the game.
    public struct Player: Sendable, Hashable {
        public var id: String
        public var name: String
    }

    public var id: String
    public var name: String
    /// The creator, player 1, who moves first.
    public var creator: Player
    /// The joiner, player 2; nil while the game waits.
    public var joiner: Player?

    /// `/api/games/ID`.
    public var path: String { "/api/games/\(id)" }

    /// The joiner, for checks that joined the game themselves.
    public var second: Player { joiner ?? creator }
}
