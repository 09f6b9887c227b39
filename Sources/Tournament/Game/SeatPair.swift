import BattleshipRules

/// One value per seat of a game, read and written by seat.
struct SeatPair<Value> {
    var one: Value
    var two: Value

    init(one: Value, two: Value) {
        self.one = one
        self.two = two
    }

    /// A pair made seat by seat.
    init(_ make: (PlayerSeat) throws -> Value) rethrows {
        one = try make(.one)
        two = try make(.two)
    }

    subscript(seat: PlayerSeat) -> Value {
        get { seat == .one ? one : two }
        set {
            if seat == .one { one = newValue } else { two = newValue }
        }
    }

    /// The values in seat order.
    var inSeatOrder: [Value] { [one, two] }
}

extension SeatPair: Sendable where Value: Sendable {}
