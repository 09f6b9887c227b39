import Ratings

/// The rating fit of a ``Scoreboard``: a joint Bradley–Terry fit of every rated game with the
/// first-mover advantage estimated from the data, one virtual draw per bot against a 1500
/// opponent as prior, mean 1500 (see the Ratings module). Forfeits are losses for the bot that
/// forfeited; games without a result, and games of a bot against itself, do not count.
public struct ScoreboardRatings: Sendable {
    /// The bots of the fit, in the order of ``Scoreboard/bots``.
    public let bots: [String]
    public let fit: BradleyTerryFit
    private let index: [String: Int]

    /// Fits `seats` (each pair of first and second mover with the first's wins and losses);
    /// nil without a game between two bots, or when the fit fails.
    init?(bots: [String], seats: [(first: String, second: String, result: HeadToHead)]) {
        let index = Dictionary(bots.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        // In one order whatever the order the games were folded in, so the same games give the
        // same fit to the last bit.
        let pairs = seats.compactMap { seat -> (Int, Int, HeadToHead)? in
            guard let first = index[seat.first], let second = index[seat.second], first != second else { return nil }
            return (first, second, seat.result)
        }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        var games: [RatedGame] = []
        for (first, second, result) in pairs {
            games += repeatElement(RatedGame(first: first, second: second, firstMovedFirst: true, score: 1), count: result.wins)
            games += repeatElement(RatedGame(first: first, second: second, firstMovedFirst: true, score: 0), count: result.losses)
        }
        guard !games.isEmpty, let fit = try? BradleyTerryFit(games: games, playerCount: bots.count) else { return nil }
        self.bots = bots
        self.fit = fit
        self.index = index
    }

    /// `bot`'s rating; nil for a bot not in the fit.
    public func rating(of bot: String) -> RatingEstimate? {
        index[bot].map { fit.ratings[$0] }
    }

    /// The Elo advantage of moving first.
    public var firstMoverAdvantage: RatingEstimate { fit.advantage }

    /// The likelihood of superiority of every bot over every other, by index in ``bots``.
    public func likelihoodOfSuperiority() -> LikelihoodOfSuperiority {
        LikelihoodOfSuperiority(fit: fit)
    }

    /// `bots`' index in the fit.
    public func position(of bot: String) -> Int? { index[bot] }
}
