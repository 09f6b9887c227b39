/// What one pairing of a Swiss round scored, in half points (2 for a win of the pairing, 1
/// each for a tie, 0 for a loss; see ``SwissScoring``).
public struct SwissPairingResult: Hashable, Sendable {
    public var pair: SwissPair
    public var firstHalfPoints: Int
    public var secondHalfPoints: Int

    public init(pair: SwissPair, firstHalfPoints: Int, secondHalfPoints: Int) {
        self.pair = pair
        self.firstHalfPoints = firstHalfPoints
        self.secondHalfPoints = secondHalfPoints
    }
}
