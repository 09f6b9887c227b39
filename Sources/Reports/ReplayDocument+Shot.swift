extension ReplayDocument {
    /// One accepted shot.
    public struct Shot: Hashable, Sendable, Codable {
        /// The seat that fired; the shot lands on the other seat's board.
        public var seat: Int
        public var x: Int
        public var y: Int
        /// `miss`, `hit` or `sunk`.
        public var result: String
        /// The length of the ship this shot sank, or 0.
        public var sunk: Int
        /// Milliseconds since the game started.
        public var atMilliseconds: Int

        public init(seat: Int, x: Int, y: Int, result: String, sunk: Int, atMilliseconds: Int) {
            self.seat = seat
            self.x = x
            self.y = y
            self.result = result
            self.sunk = sunk
            self.atMilliseconds = atMilliseconds
        }
    }

    /// How the game ended.
    public struct Outcome: Hashable, Sendable, Codable {
        /// `win`, `forfeit` or `no-result`.
        public var termination: String
        /// The winning seat; absent for no result.
        public var winnerSeat: Int?
        /// The winner's name; absent for no result.
        public var winner: String?
        /// Why a forfeit or no result happened.
        public var reason: String?
        /// For a forfeit, the fault's kind.
        public var forfeitKind: String?

        public init(termination: String, winnerSeat: Int?, winner: String?, reason: String?, forfeitKind: String?) {
            self.termination = termination
            self.winnerSeat = winnerSeat
            self.winner = winner
            self.reason = reason
            self.forfeitKind = forfeitKind
        }
    }
}
