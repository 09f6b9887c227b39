import Foundation
import Tournament

/// The one count of a tournament's results: folds rated game records one at a time and gives
/// the standings in one order (``BotTally/ranks(above:)``) and, when asked, the rating fit
/// (``ratings()``). The terminal table, the progress line, `--summary`, the live page,
/// results.json and index.html all render from it, so they agree on every figure.
///
/// Pure: no I/O. Give it each game's counting record once (a run's rated records, or
/// `GameHistory.rated` of a journal); records without a result are ignored. The tallies do not
/// depend on the order records come in.
///
/// ```swift
/// var board = Scoreboard(bots: ["density", "parity"])
/// for record in records { board.add(record) }
/// let leader = board.standings.first
/// let ratings = board.ratings()       // the Bradley–Terry fit, computed now, once
/// ```
public struct Scoreboard: Sendable {
    /// Rated games counted.
    public private(set) var ratedGames = 0
    /// Rated games won by sinking the fleet (the rest were won by a forfeit).
    public private(set) var winsBySinking = 0
    /// Rated games won by the first mover (seat one, the game's creator).
    public private(set) var firstMoverWins = 0
    /// Forfeits by the fault's kind (`unknown` when the record did not say).
    public private(set) var forfeitsByKind: [String: Int] = [:]

    private let configured: [String]
    private var tallies: [String: BotTally]
    /// Rated games by seats, keyed by the first mover's and the second's names: wins of the
    /// first mover (`wins`) and of the second (`losses`). The rating fit reads these.
    private var seats: [SeatKey: HeadToHead] = [:]

    /// An empty board for `bots` (the tournament's, in its order); bots met in records and
    /// not listed here are added as they come.
    public init(bots: [String]) {
        var seen = Set<String>()
        configured = bots.filter { seen.insert($0).inserted }
        tallies = Dictionary(uniqueKeysWithValues: configured.map { ($0, BotTally(bot: $0)) })
    }

    /// A board for `bots` with `records` folded in.
    public init(bots: [String], records: some Sequence<GameRecord>) {
        self.init(bots: bots)
        for record in records { add(record) }
    }

    /// Counts `record` when it has a result (a win or a forfeit); ignores it otherwise.
    public mutating func add(_ record: GameRecord) {
        guard let (winner, winnerBot, loserBot) = record.ratedOutcome else { return }
        let firstBot = record.player(.one).bot
        let secondBot = record.player(.two).bot
        ratedGames += 1
        if winner == .one { firstMoverWins += 1 }
        seats[SeatKey(first: firstBot, second: secondBot), default: HeadToHead()].add(won: winner == .one)
        tallies[firstBot, default: BotTally(bot: firstBot)].gamesMovedFirst += 1

        tallies[winnerBot, default: BotTally(bot: winnerBot)].games += 1
        tallies[winnerBot, default: BotTally(bot: winnerBot)].wins += 1
        tallies[loserBot, default: BotTally(bot: loserBot)].games += 1
        tallies[loserBot, default: BotTally(bot: loserBot)].losses += 1
        if winnerBot != loserBot {
            tallies[winnerBot, default: BotTally(bot: winnerBot)].against[loserBot, default: HeadToHead()].add(won: true)
            tallies[loserBot, default: BotTally(bot: loserBot)].against[winnerBot, default: HeadToHead()].add(won: false)
        }
        if record.termination == .forfeit {
            let kind = record.forfeitKind?.rawValue ?? "unknown"
            forfeitsByKind[kind, default: 0] += 1
            tallies[loserBot, default: BotTally(bot: loserBot)].forfeits[kind, default: 0] += 1
        } else {
            let shots = record.shotCount(of: winner)
            winsBySinking += 1
            tallies[winnerBot, default: BotTally(bot: winnerBot)].winsBySinking += 1
            tallies[winnerBot, default: BotTally(bot: winnerBot)].shotsInWins += shots
            tallies[winnerBot, default: BotTally(bot: winnerBot)].shotsToWin[shots, default: 0] += 1
        }
    }

    /// Every bot: the tournament's in its order, then those only met in records, by name.
    public var bots: [String] {
        let listed = Set(configured)
        return configured + tallies.keys.filter { !listed.contains($0) }.sorted()
    }

    /// `bot`'s counts (all zero for a bot never seen).
    public func tally(of bot: String) -> BotTally {
        tallies[bot] ?? BotTally(bot: bot)
    }

    /// Every bot's row, best first: by score, then wins, then name (``BotTally/ranks(above:)``).
    public var standings: [BotTally] {
        tallies.values.sorted { $0.ranks(above: $1) }
    }

    /// Every bot's row ranked by `ratings` (the fitted Elo, best first; bots the fit leaves
    /// out after them, by ``standings``' rule): the order of a season whose games matchmaking
    /// chose (``Tournament/TournamentConfig/ranksByRating``), where bots met different
    /// opponents and a score compares nothing.
    public func standings(rankedBy ratings: ScoreboardRatings) -> [BotTally] {
        tallies.values.sorted { a, b in
            switch (ratings.rating(of: a.bot)?.value, ratings.rating(of: b.bot)?.value) {
            case (let x?, let y?) where x != y: x > y
            case (_?, nil): true
            case (nil, _?): false
            default: a.ranks(above: b)
            }
        }
    }

    /// The standings `config` ranks by: by rating when it says so and the games allow a fit.
    public func standings(for config: TournamentConfig, ratings: ScoreboardRatings?) -> [BotTally] {
        guard config.ranksByRating, let ratings else { return standings }
        return standings(rankedBy: ratings)
    }

    /// The first row of ``standings``, found without sorting (the progress line asks after
    /// every game); nil without bots.
    public var leader: BotTally? {
        tallies.values.min { $0.ranks(above: $1) }
    }

    /// Rated games won by a forfeit.
    public var forfeits: Int { ratedGames - winsBySinking }

    /// The joint Bradley–Terry fit of the rated games so far, computed now (ask once, not per
    /// game); nil without rated games between two bots, or when the fit fails.
    public func ratings() -> ScoreboardRatings? {
        ScoreboardRatings(bots: bots, seats: seats.map { (first: $0.key.first, second: $0.key.second, result: $0.value) })
    }

    /// `value` rounded to `places` decimals, never `-0`: how every figure is rounded once.
    public static func round(_ value: Double, places: Int) -> Double {
        let scale = pow(10, Double(places))
        let rounded = (value * scale).rounded() / scale
        return rounded == 0 ? 0 : rounded
    }
}

/// The seats of a rated game: who moved first, who second.
struct SeatKey: Hashable, Sendable {
    let first: String
    let second: String
}

extension HeadToHead {
    mutating func add(won: Bool) {
        if won { wins += 1 } else { losses += 1 }
    }
}
