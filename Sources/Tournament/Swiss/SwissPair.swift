/// Two bots paired in a Swiss round, as indices into the tournament's bots: `first` is the
/// higher-ranked when the round was paired.
public struct SwissPair: Hashable, Sendable, CustomStringConvertible {
    public var first: Int
    public var second: Int

    public init(_ first: Int, _ second: Int) {
        self.first = first
        self.second = second
    }

    public var description: String { "\(first)-\(second)" }
}
