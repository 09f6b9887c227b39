import BattleshipRules

/// One game of the schedule: everything it takes to play it, and to play it again: who
/// creates it, who joins, both fleets' seeds and both bots' seeds. Made by
/// ``ScheduleSeeds/game(_:index:pairing:duo:pair:swapped:)`` for every format.
public struct ScheduledGame: Hashable, Sendable {
    /// The game's position in the schedule, from 0; stable for a given configuration.
    public var index: Int
    /// The pairing this game belongs to, from 0.
    public var pairing: Int
    /// The mirrored pair of games this game belongs to within its pairing, from 0: the two
    /// games of a duo share their fleets, with the roles swapped.
    public var duo: Int
    /// The bot that creates the game on the server and so moves first (index into the bots).
    public var creator: Int
    /// The bot that joins the game.
    public var joiner: Int
    /// The creator's `boardSeed`: its fleet.
    public var creatorSeed: UInt64
    /// The joiner's `boardSeed`.
    public var joinerSeed: UInt64
    /// The seed each seat's bot is given in `new-game`, in seat order (the creator's first).
    public var botSeeds: [UInt64]

    /// One number per mirrored pair of the whole schedule, for the rule that a bot process
    /// never plays both games of one (``Bots/BotProcessPool``).
    public var mirrorGroup: Int {
        pairing &* 1_048_576 &+ duo
    }

    /// The bot seed of `seat`.
    public func botSeed(_ seat: PlayerSeat) -> UInt64 {
        botSeeds[seat.index]
    }

    public init(index: Int, pairing: Int, duo: Int = 0, creator: Int, joiner: Int, creatorSeed: UInt64, joinerSeed: UInt64, botSeeds: [UInt64]) {
        self.index = index
        self.pairing = pairing
        self.duo = duo
        self.creator = creator
        self.joiner = joiner
        self.creatorSeed = creatorSeed
        self.joinerSeed = joinerSeed
        self.botSeeds = botSeeds
    }
}
