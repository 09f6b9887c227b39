import Scoring
import Tournament

/// Everything results.json counts, folded one game at a time (each game's counting record
/// once, ``GameHistory``): the one scoreboard (the sequential test's wins and losses among
/// its figures), the games with and without a result, and for a Swiss run its rated records without their
/// shots (the rounds are recomputed from them). Nothing in it grows with the games but the
/// Swiss records, and a Swiss run has few.
public struct ResultsTally: Sendable {
    public private(set) var board: Scoreboard
    /// Games attempted (each counted once, by its counting record).
    public private(set) var games = 0
    /// Games with a result that counts.
    public private(set) var rated = 0
    /// Attempts that ended with no result, over the whole run.
    public var noResultAttempts = 0
    /// A Swiss run's rated records (shots and boards left out) and attempts, by index.
    public private(set) var swissRated: [Int: GameRecord] = [:]
    public private(set) var swissAttempts: [Int: Int] = [:]

    private let keepsSwiss: Bool

    public init(config: TournamentConfig) {
        board = Scoreboard(bots: config.bots.map(\.name))
        keepsSwiss = config.scheduler.recomputesFromRecords
    }

    /// The tally of `history`'s games.
    public init(config: TournamentConfig, history: GameHistory) {
        self.init(config: config)
        for record in history.games { add(record, attempts: history.attempts[record.index] ?? 1) }
        noResultAttempts = history.noResultAttempts
    }

    /// Counts `record`, the record that counts for its game, attempted `attempts` times.
    public mutating func add(_ record: GameRecord, attempts: Int) {
        games += 1
        if keepsSwiss { swissAttempts[record.index] = attempts }
        guard record.termination != .noResult else { return }
        rated += 1
        board.add(record)
        if keepsSwiss {
            var slim = record
            slim.shots = []
            slim.players = slim.players.map { player in
                var player = player
                player.finalBoard = nil
                return player
            }
            slim.stderrTail = nil
            swissRated[record.index] = slim
        }
    }
}
