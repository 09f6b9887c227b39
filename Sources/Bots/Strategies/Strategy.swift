import BattleshipRules

/// A built-in, in-process way of choosing shots: synchronous, deterministic for its seed.
///
/// ``StrategyBot`` turns a strategy into a ``Bot``; ``SoloGame`` drives one directly,
/// without async calls, for fast benchmarking.
public protocol Strategy: Sendable {
    /// A strategy whose random choices come from `seed`.
    init(seed: UInt64)
    /// Forgets any previous game and begins `game`.
    mutating func start(_ game: GameStart)
    /// The next shot: on the grid and not fired before.
    mutating func nextShot() -> Coordinate
    /// The result of the strategy's own shot at `cell`.
    mutating func record(_ cell: Coordinate, result: ShotResult)
}

/// A ``Bot`` that plays a built-in ``Strategy``; it never faults.
public struct StrategyBot<S: Strategy>: Bot {
    /// The built-in name the bot was made from.
    public let name: String
    private var strategy: S
    /// How it places its fleet when asked; nil: it places none (a seeded fleet is used).
    private let placement: PlacementStrategy?
    /// What it remembers of opponents across a run's games, for ``PlacementStrategy/adaptive``.
    private let memory: OpponentMemory?
    /// The opponent of this game, when the tournament names it.
    private var opponent: String?
    /// The opponent's shots in this game, in order, for `memory`.
    private var opponentShots: [Coordinate] = []

    /// A bot named `name` playing `S` with random choices from `seed`; with `placement`, it
    /// places its own fleet that way, learning opponents in `memory`.
    public init(name: String, seed: UInt64, placement: PlacementStrategy? = nil, memory: OpponentMemory? = nil) {
        self.name = name
        strategy = S(seed: seed)
        self.placement = placement
        self.memory = memory
    }

    public mutating func start(_ game: GameStart) async throws(BotFault) {
        strategy.start(game)
        opponent = game.opponent
        opponentShots = []
    }

    public mutating func placeFleet(seed: UInt64) async throws(BotFault) -> Fleet? {
        placement?.fleet(seed: seed, against: memory?.map(for: opponent))
    }

    public mutating func nextShot() async throws(BotFault) -> Coordinate {
        strategy.nextShot()
    }

    public mutating func record(_ cell: Coordinate, result: ShotResult) async throws(BotFault) {
        strategy.record(cell, result: result)
    }

    public mutating func opponentFired(at cell: Coordinate, result: ShotResult) async throws(BotFault) {
        if memory != nil { opponentShots.append(cell) }
    }

    public mutating func finish(_ outcome: GameOutcome) async {
        memory?.add(shots: opponentShots, by: opponent)
    }
}
