/// Summary statistics of shots per game: mean with its 95% interval, median, extremes.
public struct BenchStatistics: Hashable, Sendable {
    /// The number of games summarised.
    public var count: Int
    public var mean: Double
    /// The sample standard deviation.
    public var standardDeviation: Double
    /// Half the width of the 95% confidence interval of the mean (normal approximation).
    public var halfWidth95: Double
    public var median: Double
    public var minimum: Int
    public var maximum: Int

    /// Summarises `values` (shots per game); all zero when empty.
    public init(_ values: [Int]) {
        count = values.count
        guard !values.isEmpty else {
            mean = 0
            standardDeviation = 0
            halfWidth95 = 0
            median = 0
            minimum = 0
            maximum = 0
            return
        }
        let summary = Summary(values.map(Double.init))
        mean = summary.mean
        standardDeviation = summary.standardDeviation
        halfWidth95 = summary.halfWidth95
        let sorted = values.sorted()
        median =
            sorted.count % 2 == 1
            ? Double(sorted[sorted.count / 2])
            : Double(sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        minimum = sorted[0]
        maximum = sorted[sorted.count - 1]
    }

    /// The 95% interval of the mean.
    public var interval95: ClosedRange<Double> { (mean - halfWidth95)...(mean + halfWidth95) }
}

/// Mean, standard deviation and 95% half-width of a sample of reals.
struct Summary {
    var mean = 0.0
    var standardDeviation = 0.0
    var halfWidth95 = 0.0

    init(_ values: [Double]) {
        guard !values.isEmpty else { return }
        let n = Double(values.count)
        mean = values.reduce(0, +) / n
        if values.count > 1 {
            let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
            standardDeviation = (squares / (n - 1)).squareRoot()
        }
        halfWidth95 = 1.959964 * standardDeviation / n.squareRoot()
    }
}
