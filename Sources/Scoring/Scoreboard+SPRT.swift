import Tournament

extension Scoreboard {
    /// A sequential test's state from this board: `first`'s wins and losses against `second`
    /// in their rated games (forfeits are the forfeiter's losses, games without a result do
    /// not count, games with other bots are not theirs), the same figures the test's
    /// scheduler decides on (``Tournament/SPRTScheduler/tally(_:)``).
    public func sprtTally(_ settings: SPRTSettings, first: String, second: String) -> SPRTTally {
        let games = tally(of: first).against[second] ?? HeadToHead()
        return settings.tally(wins: games.wins, losses: games.losses)
    }
}
