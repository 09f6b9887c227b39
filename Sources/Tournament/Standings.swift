/// Per-bot totals over rated games: a simple table until the ratings module fits Elo.
public struct Standing: Hashable, Sendable {
    public var bot: String
    public var games = 0
    public var wins = 0
    public var losses = 0
    /// Games this bot lost by forfeit, by the fault's kind.
    public var forfeits = 0
    /// Shots fired in the games this bot won.
    public var shotsInWins = 0

    /// Wins over games, 0...1.
    public var score: Double { games == 0 ? 0 : Double(wins) / Double(games) }
    /// Mean shots per won game, or nil without wins.
    public var meanShotsToWin: Double? { wins == 0 ? nil : Double(shotsInWins) / Double(wins) }
}

/// Computes ``Standing``s from game records.
public enum Standings {
    /// One row per bot in `bots` order, then sorted by score (best first, ties by name).
    public static func compute(records: [GameRecord], bots: [String]) -> [Standing] {
        var rows = Dictionary(uniqueKeysWithValues: bots.map { ($0, Standing(bot: $0)) })
        for record in records where record.termination != .noResult {
            guard let winner = record.winner else { continue }
            let loser = winner.opponent
            let winnerBot = record.player(winner).bot, loserBot = record.player(loser).bot
            rows[winnerBot, default: Standing(bot: winnerBot)].games += 1
            rows[winnerBot, default: Standing(bot: winnerBot)].wins += 1
            rows[winnerBot, default: Standing(bot: winnerBot)].shotsInWins += record.shotCount(of: winner)
            rows[loserBot, default: Standing(bot: loserBot)].games += 1
            rows[loserBot, default: Standing(bot: loserBot)].losses += 1
            if record.termination == .forfeit { rows[loserBot, default: Standing(bot: loserBot)].forfeits += 1 }
        }
        return rows.values.sorted { ($0.score, $1.bot) > ($1.score, $0.bot) }
    }
}
