/// One game of the schedule: who creates it, who joins, and the fleets' seeds.
public struct ScheduledGame: Hashable, Sendable {
    /// The game's position in the schedule, from 0; stable for a given configuration.
    public var index: Int
    /// The pairing this game belongs to, from 0.
    public var pairing: Int
    /// The bot that creates the game on the server and so moves first (index into the bots).
    public var creator: Int
    /// The bot that joins the game.
    public var joiner: Int
    /// The creator's `boardSeed`.
    public var creatorSeed: UInt64
    /// The joiner's `boardSeed`.
    public var joinerSeed: UInt64

    public init(index: Int, pairing: Int, creator: Int, joiner: Int, creatorSeed: UInt64, joinerSeed: UInt64) {
        self.index = index
        self.pairing = pairing
        self.creator = creator
        self.joiner = joiner
        self.creatorSeed = creatorSeed
        self.joinerSeed = joinerSeed
    }
}
