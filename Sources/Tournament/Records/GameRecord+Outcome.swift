import BattleshipRules

extension GameRecord {
    /// The one rule of what a game counts for, in the standings and in a sequential test: a
    /// win or a forfeit between two players has a winner and a loser (a forfeit is the
    /// loser's); a game without a result counts for nothing (nil). ``Scoring/Scoreboard`` and
    /// ``SPRTSettings/tally(records:first:second:)`` both count through it.
    public var ratedOutcome: (winner: PlayerSeat, winnerBot: String, loserBot: String)? {
        guard termination != .noResult, let winner, players.count == 2 else { return nil }
        return (winner, player(winner).bot, player(winner.opponent).bot)
    }
}
