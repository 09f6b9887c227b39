import Ratings

/// An Elo estimate as every output shows it: value, standard error and the 95% interval, each
/// rounded once to 0.1 from the fit (results.json stores these; index.html, the bot pages and
/// the terminal print them rounded to whole points).
public struct EloFigure: Hashable, Sendable {
    public let value: Double
    public let standardError: Double
    /// `value - 1.96·standardError`, rounded from the unrounded figures.
    public let lower: Double
    /// `value + 1.96·standardError`, rounded from the unrounded figures.
    public let upper: Double

    /// `estimate` rounded; nil when it is not finite.
    public init?(_ estimate: RatingEstimate) {
        guard estimate.value.isFinite, estimate.standardError.isFinite else { return nil }
        value = Scoreboard.round(estimate.value, places: 1)
        standardError = Scoreboard.round(estimate.standardError, places: 1)
        lower = Scoreboard.round(estimate.lower, places: 1)
        upper = Scoreboard.round(estimate.upper, places: 1)
    }

    /// The value to a whole Elo point, as the tables print it.
    public var points: Int { Int(value.rounded()) }
}
