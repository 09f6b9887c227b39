extension ReplayDocument {
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
