/// The pairings of one Swiss round, as ``SwissPairing`` made them.
public struct SwissRound: Hashable, Sendable {
    /// The round's number, from 1.
    public var number: Int
    /// The pairings in board order: the pairing of the top-ranked bot first.
    public var pairings: [SwissPair]
    /// The bot that sits the round out (and scores a point), when the field is odd.
    public var bye: Int?
    /// How many of ``pairings`` meet again: 0 unless no pairing of the round avoids a repeat.
    public var repeats: Int

    public init(number: Int, pairings: [SwissPair], bye: Int?, repeats: Int) {
        self.number = number
        self.pairings = pairings
        self.bye = bye
        self.repeats = repeats
    }
}
