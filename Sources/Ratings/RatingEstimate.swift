/// A point estimate on the Elo scale with its standard error and 95% interval.
public struct RatingEstimate: Sendable, Hashable {
    /// The two-sided 95% normal quantile used for intervals (`value ± 1.96 · standardError`).
    public static let z95: Double = 1.96

    /// The estimate, in Elo points.
    public var value: Double
    /// The standard error of the estimate, in Elo points.
    public var standardError: Double

    /// Creates an estimate.
    public init(value: Double, standardError: Double) {
        self.value = value
        self.standardError = standardError
    }

    /// Lower end of the 95% interval: `value - 1.96 · standardError`.
    public var lower: Double { value - Self.z95 * standardError }
    /// Upper end of the 95% interval: `value + 1.96 · standardError`.
    public var upper: Double { value + Self.z95 * standardError }
}
