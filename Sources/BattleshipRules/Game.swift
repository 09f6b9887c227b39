/// One of the two seats of a game. The creator is ``one`` and moves first.
public enum PlayerSeat: Int, Hashable, Sendable, Codable, CaseIterable {
    case one = 1
    case two = 2

    /// The other seat.
    public var opponent: PlayerSeat { self == .one ? .two : .one }
}

/// The rules of one game between two fleets: alternating turns, shot resolution, the winner.
///
/// ```swift
/// var game = Game(fleetOne: .seeded(1), fleetTwo: .seeded(2))
/// let result = try game.fire(by: .one, at: Coordinate(x: 3, y: 4))
/// ```
public struct Game: Hashable, Sendable {
    /// Seat one's ocean (its fleet, and seat two's shots into it).
    public private(set) var boardOne: OceanBoard
    /// Seat two's ocean (its fleet, and seat one's shots into it).
    public private(set) var boardTwo: OceanBoard
    /// Whose turn it is; after the end it stays with the winner, so nobody is told to move.
    public private(set) var turn: PlayerSeat
    /// The seat that sank the whole opposing fleet, once the game is over.
    public private(set) var winner: PlayerSeat?
    /// The number of shots fired by both seats.
    public private(set) var shotCount: Int

    /// A new game; `firstMover` fires first (the creator, seat one, unless told otherwise).
    public init(fleetOne: Fleet, fleetTwo: Fleet, firstMover: PlayerSeat = .one) {
        boardOne = OceanBoard(fleet: fleetOne)
        boardTwo = OceanBoard(fleet: fleetTwo)
        turn = firstMover
        winner = nil
        shotCount = 0
    }

    /// Whether one side has won.
    public var isOver: Bool { winner != nil }

    /// The ocean that belongs to `seat`.
    public func board(of seat: PlayerSeat) -> OceanBoard {
        seat == .one ? boardOne : boardTwo
    }

    /// Whether `seat` is the one to fire now (never after the end).
    public func isTurn(of seat: PlayerSeat) -> Bool {
        winner == nil && turn == seat
    }

    /// Checks a shot without firing it: the error `fire(by:at:)` would throw, if any.
    public func validate(shotBy seat: PlayerSeat, at cell: Coordinate) throws(RulesError) {
        guard winner == nil else { throw .gameOver }
        guard cell.isOnGrid else { throw .offGrid(cell) }
        guard turn == seat else { throw .notYourTurn }
        guard !board(of: seat.opponent).wasTargeted(cell) else { throw .alreadyTargeted(cell) }
    }

    /// Fires `seat`'s shot at the opponent's `cell`, passes the turn, and ends the game
    /// when the last ship sinks. A refused shot changes nothing.
    @discardableResult
    public mutating func fire(by seat: PlayerSeat, at cell: Coordinate) throws(RulesError) -> ShotResult {
        try validate(shotBy: seat, at: cell)
        let result: ShotResult
        let defeated: Bool
        switch seat {
        case .one:
            result = try boardTwo.fire(at: cell)
            defeated = boardTwo.isDefeated
        case .two:
            result = try boardOne.fire(at: cell)
            defeated = boardOne.isDefeated
        }
        shotCount += 1
        if defeated {
            winner = seat
        } else {
            turn = seat.opponent
        }
        return result
    }
}
