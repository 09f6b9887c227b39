/// `format: swiss`: rounds in which bots of equal or nearest scores meet (``SwissPairing``),
/// ``TournamentSettings/rounds`` of them. Each round is paired from the results of the rounds
/// before it, so the next batch is the current round's games, and the round after it is
/// paired only once every game of this one has ended (``SwissProgress``).
///
/// A continued run rebuilds the rounds from its journal's records the same way, so the
/// pairings after a kill are those an uninterrupted run makes: complete rounds are not
/// played again, the round under way keeps its finished games and plays the rest.
///
/// A game of a round ends with a rated result, or once it has been tried
/// ``TournamentRunner/maximumAttempts`` times over all runs: the next round is paired from
/// this one, so a game given up on stays given up on, unlike in the fixed schedules.
public struct SwissScheduler: SwissRoundsScheduler, SeasonableScheduler, ShardableScheduler {
    public let config: TournamentConfig

    public init(config: TournamentConfig) {
        self.config = config
    }

    public var plannedGames: Int { SwissSchedule.totalGames(config) }
    /// Its rounds are paired from the standings after each round: a report recomputes them from the rated records.
    public var playsSwissRounds: Bool { true }
    /// A Swiss of submissions is a season: each new night plays its rounds over the current versions.
    public var seasonSwissRounds: Int? { config.rounds }

    public var shardingObstacle: String? {
        "each Swiss round is paired from the results of the rounds before, which needs them all in one process"
    }

    public func nextGames(after results: ScheduleResults) throws(ScheduleError) -> ScheduleBatch {
        let rounds = progress(after: results)
        if let first = rounds.mismatchedGames.first {
            throw ScheduleError(
                "The journal's game \(first) was played by other bots than this Salvo pairs for its round (\(rounds.mismatchedGames.count) such games): the journal was written by a Salvo that paired Swiss rounds otherwise; continue it with that Salvo, or choose another --output"
            )
        }
        guard let round = rounds.current else { return .none }
        let games = round.games.filter {
            results.isOpen($0.index) && !SwissProgress.hasEnded($0, rated: results.rated, attempts: results.attempts)
        }
        return ScheduleBatch(games: games, announcement: .roundPaired(round.pairing, rounds: rounds.plannedRounds))
    }

    public func game(at index: Int, after results: ScheduleResults) -> ScheduledGame? {
        progress(after: results).rounds.lazy.flatMap(\.games).first { $0.index == index }
    }

    /// The rounds as `results` place them.
    public func progress(after results: ScheduleResults) -> SwissProgress {
        SwissProgress(config: config, rated: results.rated, attempts: results.attempts)
    }

    public func swissRounds(after results: ScheduleResults) -> SwissProgress? {
        progress(after: results)
    }
}
