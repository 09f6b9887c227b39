import Ratings

/// Where a tournament's sequential test stands after some games (see ``SPRTSettings/tally(records:first:second:)``).
public struct SPRTTally: Hashable, Sendable {
    /// Games the first bot won against the second.
    public var wins: Int
    /// Games the first bot lost against the second, forfeits included.
    public var losses: Int
    public var logLikelihoodRatio: Double
    /// At or below this, H0 is accepted.
    public var lowerBound: Double
    /// At or above this, H1 is accepted.
    public var upperBound: Double
    public var decision: SPRT.Decision

    /// True once either hypothesis is accepted.
    public var isDecided: Bool { decision != .continue }

    /// `H0`, `H1` or `undecided`, as reports write it.
    public var verdict: String {
        switch decision {
        case .acceptH0: "H0"
        case .acceptH1: "H1"
        case .continue: "undecided"
        }
    }
}
