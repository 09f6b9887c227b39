import Scoring
import Tournament

/// Everything results.json counts, folded one game at a time (each game's counting record
/// once, ``GameHistory``): the one scoreboard, the games with and without a result, the
/// sequential test's wins and losses, and for a Swiss run its rated records without their
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
    /// The first listed bot's wins and losses against the second (the sequential test's).
    public private(set) var sprtWins = 0
    public private(set) var sprtLosses = 0
    /// A Swiss run's rated records (shots and boards left out) and attempts, by index.
    public private(set) var swissRated: [Int: GameRecord] = [:]
    public private(set) var swissAttempts: [Int: Int] = [:]

    private let sprtPair: (first: String, second: String)?
    private let keepsSwiss: Bool

    public init(config: TournamentConfig) {
        board = Scoreboard(bots: config.bots.map(\.name))
        sprtPair = config.sprt != nil && config.bots.count >= 2 ? (config.bots[0].name, config.bots[1].name) : nil
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
        if let pair = sprtPair, let winner = record.winner, Set(record.players.map(\.bot)) == [pair.first, pair.second] {
            if record.player(winner).bot == pair.first { sprtWins += 1 } else { sprtLosses += 1 }
        }
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
