import Foundation
import Scoring
import Tournament

/// A season's ratings over time, from its journal alone (docs/scoring.md, "A season"):
///
/// - **After each night**, the standings as they stood then: the entries current that night,
///   fitted (``Scoring/Scoreboard``'s Bradley-Terry fit, as every table is) over the games
///   between their versions played up to the night's end. A version that entered late is
///   rated on the same games as everyone current with it: each of its pairings is played in
///   full, mirrored, with fleets of their own, before it appears in the standings complete.
/// - **Every version on one scale**: one fit over every game of the season with each version
///   a player of its own, so versions of different nights compare. An entry's "best" version
///   is its highest-rated one; its "latest" is the current one.
///
/// Pure: the same journal gives the same history. A fold: ``add(_:)`` takes the season's
/// games one at a time in schedule order (a report streams them), and memory grows with the
/// nights and versions, not the games.
public struct SeasonHistory: Sendable {
    public let nights: [SeasonNight]
    /// Each night's standings so far: the games up to its end between its current versions.
    private var boards: [Scoreboard]
    /// Rated games played during each night.
    private var played: [Int]
    /// Every version ever current, once, in the order versions first appeared, and the
    /// first and last nights it was current.
    private let order: [BotEntry]
    private let span: [String: (first: Int, last: Int)]
    /// The nights on which an entry went back to each version from a later one.
    private let backOn: [String: [Int]]
    /// The nights in which each version played a game.
    private var nightsPlayed: [String: Set<Int>] = [:]
    /// One fit of every game, versions as players.
    private var versionsBoard: Scoreboard

    /// An empty history of `nights` (in order).
    public init(nights: [SeasonNight]) {
        self.nights = nights
        boards = nights.map { night in Scoreboard(bots: night.bots.map(\.name)) }
        played = Array(repeating: 0, count: nights.count)
        var order: [BotEntry] = []
        var span: [String: (first: Int, last: Int)] = [:]
        var backOn: [String: [Int]] = [:]
        var previous: [String: String] = [:]
        for night in nights {
            for bot in night.bots {
                let key = bot.versionedName
                if let known = span[key] {
                    // Current before, then not (another version was), now again: back to it.
                    if let before = previous[bot.name], before != key { backOn[key, default: []].append(night.number) }
                    span[key] = (known.first, night.number)
                } else {
                    span[key] = (night.number, night.number)
                    order.append(bot)
                }
                previous[bot.name] = key
            }
        }
        self.order = order
        self.span = span
        self.backOn = backOn
        versionsBoard = Scoreboard(bots: order.map(\.versionedName))
    }

    /// Counts `record` (any game of the season, of any version, each game's counting record
    /// once, in schedule order); a game without a result is ignored.
    public mutating func add(_ record: GameRecord) {
        guard record.termination != .noResult else { return }
        for (position, night) in nights.enumerated() {
            if night.indices.contains(record.index) {
                played[position] += 1
                for player in record.players {
                    nightsPlayed[BotEntry.versionedName(player.bot, version: player.version), default: []].insert(night.number)
                }
            }
            if record.index < night.indices.upperBound && night.isCurrent(record) { boards[position].add(record) }
        }
        var relabeled = record
        for seat in relabeled.players.indices {
            relabeled.players[seat].bot = BotEntry.versionedName(relabeled.players[seat].bot, version: relabeled.players[seat].version)
        }
        versionsBoard.add(relabeled)
    }

    /// The history of `nights` whose games are `records` (every record of the journal,
    /// earlier versions' included); nil when there are no nights.
    public static func section(nights: [SeasonNight], records: [GameRecord]) -> ResultsDocument.SeasonSection? {
        guard !nights.isEmpty else { return nil }
        var history = SeasonHistory(nights: nights)
        for record in records { history.add(record) }
        return history.section
    }

    /// results.json's `season`: the standings after each night, and every version rated.
    public var section: ResultsDocument.SeasonSection {
        let points = nights.enumerated().map { position, night in
            let board = boards[position]
            let ratings = board.ratings()
            return ResultsDocument.Night(
                number: night.number, startedAt: night.startedAt, gamesPlayed: played[position],
                entries: night.bots.map { bot in
                    ResultsDocument.NightEntry(
                        bot: bot.name, version: bot.version, rating: ratings?.rating(of: bot.name).flatMap(ResultsBuilder.estimate),
                        games: board.tally(of: bot.name).games
                    )
                }
            )
        }
        return ResultsDocument.SeasonSection(nights: points, versions: versions)
    }

    /// Every version that was ever current, rated in one fit with versions as players.
    var versions: [ResultsDocument.Version] {
        let ratings = versionsBoard.ratings()
        let current = Set((nights.last?.bots ?? []).map(\.versionedName))
        var versions = order.map { bot in
            ResultsDocument.Version(
                bot: bot.name, version: bot.version, firstNight: span[bot.versionedName]?.first ?? 0, lastNight: span[bot.versionedName]?.last ?? 0,
                nightsPlayed: (nightsPlayed[bot.versionedName] ?? []).sorted(), backOn: backOn[bot.versionedName] ?? [],
                rating: ratings?.rating(of: bot.versionedName).flatMap(ResultsBuilder.estimate),
                games: versionsBoard.tally(of: bot.versionedName).games,
                latest: current.contains(bot.versionedName), best: false
            )
        }
        // Each entry's best: its highest-rated version.
        for name in Set(versions.map(\.bot)) {
            let candidates = versions.indices.filter { versions[$0].bot == name && versions[$0].rating != nil }
            if let best = candidates.max(by: { versions[$0].rating!.value < versions[$1].rating!.value }) { versions[best].best = true }
        }
        return versions
    }
}
