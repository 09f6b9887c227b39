/// Two bots on identical boards: the mean difference of shots (first minus second), its
/// 95% interval, and how often each needed fewer shots.
public struct PairedComparison: Hashable, Sendable {
    /// The number of boards both bots finished.
    public var count: Int
    /// The mean of `first - second` shots per board; negative when the first is better.
    public var meanDifference: Double
    /// Half the width of the 95% interval of the mean difference.
    public var halfWidth95: Double
    /// Boards where the first bot needed fewer shots, the second fewer, and as many.
    public var firstBetter: Int
    public var secondBetter: Int
    public var ties: Int

    /// Compares shots per board; a nil entry (a forfeit) drops that board.
    public init(first: [Int?], second: [Int?]) {
        var differences: [Double] = []
        var firstBetter = 0
        var secondBetter = 0
        var ties = 0
        for (a, b) in zip(first, second) {
            guard let a, let b else { continue }
            differences.append(Double(a - b))
            if a < b { firstBetter += 1 } else if a > b { secondBetter += 1 } else { ties += 1 }
        }
        let summary = Summary(differences)
        count = differences.count
        meanDifference = summary.mean
        halfWidth95 = summary.halfWidth95
        self.firstBetter = firstBetter
        self.secondBetter = secondBetter
        self.ties = ties
    }

    /// Whether the 95% interval of the difference excludes zero.
    public var isSignificant: Bool { count > 1 && abs(meanDifference) > halfWidth95 }
}
