import BattleshipRules

/// What a bot is told when a game begins: the board, the fleet it hunts, and whether it
/// fires first.
public struct GameStart: Hashable, Sendable {
    /// The number of rows and of columns (always 10 with the current rules).
    public var boardSize: Int
    /// The lengths of the opponent's ships, in placement order (5, 4, 3, 3, 2 by default).
    public var fleetLengths: [Int]
    /// Whether this bot fires the first shot of the game.
    public var movesFirst: Bool
    /// The opponent's entry name, in a tournament that tells it (`tell_opponent: true`); nil
    /// otherwise, and in solo benchmarks.
    public var opponent: String?

    /// A game on the standard board against the standard fleet.
    public init(
        boardSize: Int = Coordinate.gridSize,
        fleetLengths: [Int] = Fleet.standardLengths,
        movesFirst: Bool = true,
        opponent: String? = nil
    ) {
        self.boardSize = boardSize
        self.fleetLengths = fleetLengths
        self.movesFirst = movesFirst
        self.opponent = opponent
    }
}
