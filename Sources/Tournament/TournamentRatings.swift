import Ratings

/// Elo ratings of a tournament's bots from its rated games: a joint Bradley-Terry fit with
/// the first-mover advantage estimated from the data (see the Ratings module), mean 1500.
public struct TournamentRatings: Sendable {
    /// Each bot's rating with its 95% interval, in the order of the bots given.
    public let ratings: [String: RatingEstimate]
    /// The Elo advantage of moving first.
    public let firstMoverAdvantage: RatingEstimate

    /// Fits `records` (wins and forfeits; no-result games are left out). Nil when the games
    /// cannot separate the bots (too few games, or bots that never met).
    public init?(records: [GameRecord], bots: [String]) {
        let index = Dictionary(uniqueKeysWithValues: bots.enumerated().map { ($1, $0) })
        let games: [RatedGame] = records.compactMap { record in
            guard record.termination != .noResult, let winner = record.winner,
                  let first = index[record.player(.one).bot], let second = index[record.player(.two).bot] else { return nil }
            // Seat one created the game, so it moved first.
            return RatedGame(first: first, second: second, firstMovedFirst: true, score: winner == .one ? 1 : 0)
        }
        guard !games.isEmpty, let fit = try? BradleyTerryFit(games: games, playerCount: bots.count) else { return nil }
        ratings = Dictionary(uniqueKeysWithValues: bots.enumerated().map { ($1, fit.ratings[$0]) })
        firstMoverAdvantage = fit.advantage
    }
}
