import BattleshipRules

/// A player of Salvo's side of a game: told the start, asked for shots, told what they did.
///
/// One bot value plays one game. Built-in bots are values that never fail; an
/// ``ExternalBot`` wraps a child process and reports any misbehaviour as a ``BotFault``,
/// which ends the game as that bot's forfeit. Illegal shots (off the grid, repeated) are
/// faults too, so a shot a bot returns is always legal to send to a server.
///
/// ```swift
/// var bot = try BotSpec(parsing: "density").makeBot(seed: 7)
/// try await bot.start(GameStart())
/// let cell = try await bot.nextShot()
/// try await bot.record(cell, result: .miss)
/// await bot.finish(.lost)
/// ```
public protocol Bot: Sendable {
    /// The bot's name: the built-in's name, or what an external bot said in its handshake.
    var name: String { get async }
    /// Begins a game. Must be called once, before any other call.
    mutating func start(_ game: GameStart) async throws(BotFault)
    /// The bot's next shot: on the grid and never fired before.
    mutating func nextShot() async throws(BotFault) -> Coordinate
    /// The result of the bot's own shot at `cell`.
    mutating func record(_ cell: Coordinate, result: ShotResult) async throws(BotFault)
    /// The opponent fired at the bot's `cell`, with that result (when the runner knows it).
    mutating func opponentFired(at cell: Coordinate, result: ShotResult) async throws(BotFault)
    /// Ends the game and frees what the bot holds (an external bot's process is killed).
    mutating func finish(_ outcome: GameOutcome) async
    /// The fleet the bot places for this game, asked after ``start(_:)`` and before the first
    /// shot in a tournament whose bots place their fleets; nil for a bot that does not place
    /// its own (it gets a seeded random fleet). The fleet is always the standard one, checked.
    mutating func placeFleet(seed: UInt64) async throws(BotFault) -> Fleet?
}

extension Bot {
    /// A bot places no fleet of its own unless it says how.
    public mutating func placeFleet(seed: UInt64) async throws(BotFault) -> Fleet? { nil }
}
