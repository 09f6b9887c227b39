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

    /// A bot named `name` playing `S` with random choices from `seed`.
    public init(name: String, seed: UInt64) {
        self.name = name
        strategy = S(seed: seed)
    }

    public mutating func start(_ game: GameStart) async throws(BotFault) {
        strategy.start(game)
    }

    public mutating func nextShot() async throws(BotFault) -> Coordinate {
        strategy.nextShot()
    }

    public mutating func record(_ cell: Coordinate, result: ShotResult) async throws(BotFault) {
        strategy.record(cell, result: result)
    }

    public mutating func opponentFired(at cell: Coordinate, result: ShotResult) async throws(BotFault) {}

    public mutating func finish(_ outcome: GameOutcome) async {}
}
