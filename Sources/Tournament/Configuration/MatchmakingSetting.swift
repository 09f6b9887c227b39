/// How a season chooses its games (`matchmaking:` in a tournament file or arena.yaml):
/// `round-robin`, the default, plays every pair of current versions `games_per_pairing`
/// times; `adaptive` plays, night after night, the rounds that narrow the ratings
/// (``SeasonMatchmaking/adaptive(ratingInterval:)``) until every version's 95% interval is within
/// `rating_interval` Elo either way (50 unless the file says) or its budget is spent.
/// docs/scoring.md, "Where the line is", says which to choose.
public enum MatchmakingSetting: Hashable, Sendable {
    case roundRobin
    case adaptive(ratingInterval: Double)

    /// The words a file may give `matchmaking:`.
    public static let names = ["round-robin", "adaptive"]

    /// The target interval when a file says `matchmaking: adaptive` without `rating_interval:`.
    public static let defaultRatingInterval: Double = 50

    /// The accepted `rating_interval:`, Elo either way.
    public static let ratingIntervals: ClosedRange<Double> = 5...1000

    /// The setting's word in a file.
    public var name: String {
        switch self {
        case .roundRobin: "round-robin"
        case .adaptive: "adaptive"
        }
    }

    /// The adaptive rounds it asks of a season's nights; nil for a round robin.
    public var seasonMatchmaking: SeasonMatchmaking? {
        switch self {
        case .roundRobin: nil
        case .adaptive(let interval): .adaptive(ratingInterval: interval)
        }
    }
}

extension TournamentConfig {
    /// Whether the standings rank by rating rather than by score: a season whose games
    /// matchmaking chooses (adaptive, or a night of settle rounds), where versions meet
    /// opponents of different strengths and as many games as they need, so that a score
    /// compares nothing (docs/scoring.md, "Adaptive matchmaking").
    public var ranksByRating: Bool {
        settings.matchmaking != .roundRobin || context.seasonNight?.matchmade != nil
    }
}
