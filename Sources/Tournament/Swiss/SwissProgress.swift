/// Where a Swiss tournament stands, rebuilt from the games its journal holds: each round's
/// pairings, recomputed with ``SwissPairing`` from the results of the rounds before it, its
/// games (``SwissSchedule``), and, once every game of it has ended, its result.
///
/// The journal holds no pairings: the pairing of round k is a function of the seed and the
/// results of rounds 1 to k-1, so the run that plays the rounds, a run that continues it after
/// a kill, and `salvo report` all compute the same ones. Each rated record names its two bots,
/// which is checked against the recomputed pairing (``mismatchedGames``).
///
/// A game has ended when it has a rated record (a win or a forfeit), or when it was attempted
/// ``TournamentRunner/maximumAttempts`` times without a result; a round is complete when all
/// its games have ended. Games without a result count for neither bot of their pairing.
///
/// ```swift
/// let progress = SwissProgress(config: config, rated: rated, attempts: attempts)
/// if let round = progress.current { /* play round.games that have not ended */ }
/// ```
public struct SwissProgress: Hashable, Sendable {
    /// One round as paired, with its games and, once all have ended, its result.
    public struct Round: Hashable, Sendable {
        /// The pairings and the bye.
        public var pairing: SwissRound
        /// The round's games in the order they are started.
        public var games: [ScheduledGame]
        /// Each pairing's score and the bye; nil while a game of the round has not ended.
        public var result: SwissRoundResult?
        /// The record after this round (points, meetings, byes); nil while it is not complete.
        public var recordAfter: SwissRecord?
    }

    /// The rounds paired so far: the complete ones, then at most one that is not.
    public private(set) var rounds: [Round] = []
    /// The record after the complete rounds.
    public private(set) var record: SwissRecord
    /// Each bot's lot, drawn from the seed.
    public let lots: [Int]
    /// The rounds the tournament has (`rounds:`).
    public let plannedRounds: Int
    /// Indices of rated games whose two bots are not the pairing's the rounds recompute (a
    /// journal written by a Salvo that paired otherwise); empty for a consistent journal.
    public private(set) var mismatchedGames: [Int] = []

    /// The progress of `config`'s Swiss rounds given the rated records by schedule index and
    /// the attempts made of each game (a game with no rated record that was attempted
    /// ``TournamentRunner/maximumAttempts`` times has ended without a result).
    public init(config: TournamentConfig, rated: [Int: GameRecord], attempts: [Int: Int]) {
        record = SwissRecord(botCount: config.bots.count)
        lots = SwissPairing.lots(botCount: config.bots.count, seed: config.seed)
        plannedRounds = config.rounds ?? 0
        advance(config: config, rated: rated, attempts: attempts)
    }

    /// The same rounds with every game passed through `move` (a Swiss season's night places
    /// its rounds at its own indices, ``SeasonScheduler``).
    public func movingGames(_ move: (ScheduledGame) -> ScheduledGame) -> SwissProgress {
        var moved = self
        for position in moved.rounds.indices { moved.rounds[position].games = moved.rounds[position].games.map(move) }
        return moved
    }

    /// The round being played: the first one not complete; nil when every round is.
    public var current: Round? {
        rounds.last.flatMap { $0.result == nil ? $0 : nil }
    }

    /// Whether every round is complete.
    public var isFinished: Bool {
        rounds.count == plannedRounds && current == nil
    }

    /// The complete rounds.
    public var completeRounds: Int {
        rounds.count { $0.result != nil }
    }

    /// Whether the game has ended: rated, or attempted as often as a game may be.
    public static func hasEnded(_ game: ScheduledGame, rated: [Int: GameRecord], attempts: [Int: Int]) -> Bool {
        rated[game.index] != nil || attempts[game.index, default: 0] >= TournamentRunner.maximumAttempts
    }

    /// Goes on from the current round with more results: completes every round whose games
    /// have all ended, pairing the next, until a round has games still to play or every round
    /// is complete.
    public mutating func advance(config: TournamentConfig, rated: [Int: GameRecord], attempts: [Int: Int]) {
        if current != nil { rounds.removeLast() }
        let names = config.bots.map(\.name)
        while rounds.count < plannedRounds {
            let pairing = SwissPairing.pair(record: record, lots: lots)
            let games = SwissSchedule.games(of: pairing, config: config)
            var round = Round(pairing: pairing, games: games, result: nil, recordAfter: nil)
            for game in games {
                guard let played = rated[game.index] else { continue }
                if Set(played.players.map(\.bot)) != [names[game.creator], names[game.joiner]] {
                    if !mismatchedGames.contains(game.index) { mismatchedGames.append(game.index) }
                }
            }
            guard games.allSatisfy({ Self.hasEnded($0, rated: rated, attempts: attempts) }) else {
                rounds.append(round)
                return
            }
            var byPairing: [Int: [GameRecord]] = [:]
            for game in games {
                if let played = rated[game.index] { byPairing[game.pairing, default: []].append(played) }
            }
            let firstPairing = (pairing.number - 1) * SwissSchedule.pairingsPerRound(botCount: config.bots.count)
            let result = SwissRoundResult(
                pairings: pairing.pairings.enumerated().map { board, pair in
                    SwissScoring.result(of: pair, botNames: names, games: byPairing[firstPairing + board] ?? [])
                },
                bye: pairing.bye
            )
            record.add(result)
            round.result = result
            round.recordAfter = record
            rounds.append(round)
        }
    }
}
