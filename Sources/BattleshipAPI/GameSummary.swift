/// One row of `GET /api/games`.
public struct GameSummary: Hashable, Sendable {
    public var id: String
    public var name: String
    public var status: GameStatus

    public init(id: String, name: String, status: GameStatus) {
        self.id = id
        self.name = name
        self.status = status
    }
}
