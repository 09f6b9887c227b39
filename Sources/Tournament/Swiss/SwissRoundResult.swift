/// A finished Swiss round: each pairing's score and the bye.
public struct SwissRoundResult: Hashable, Sendable {
    public var pairings: [SwissPairingResult]
    /// The bot that sat the round out; it scores ``SwissScoring/byeHalfPoints``.
    public var bye: Int?

    public init(pairings: [SwissPairingResult], bye: Int?) {
        self.pairings = pairings
        self.bye = bye
    }
}
