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
/// Pure: the same journal gives the same history.
public enum SeasonHistory {
    /// The history of `nights` whose games are `records` (every rated or unrated record of
    /// the journal, earlier versions' included); nil when there are no nights.
    public static func section(nights: [SeasonNight], records: [GameRecord]) -> ResultsDocument.SeasonSection? {
        guard !nights.isEmpty else { return nil }
        let rated = records.filter { $0.termination != .noResult }
        var points: [ResultsDocument.Night] = []
        for night in nights {
            let upTo = rated.filter { $0.index < night.indices.upperBound && night.isCurrent($0) }
            let board = Scoreboard(bots: night.bots.map(\.name), records: upTo)
            let ratings = board.ratings()
            points.append(ResultsDocument.Night(
                number: night.number, startedAt: night.startedAt,
                gamesPlayed: rated.count { night.indices.contains($0.index) },
                entries: night.bots.map { bot in
                    ResultsDocument.NightEntry(
                        bot: bot.name, version: bot.version, rating: ratings?.rating(of: bot.name).flatMap(ResultsBuilder.estimate),
                        games: board.tally(of: bot.name).games
                    )
                }
            ))
        }
        return ResultsDocument.SeasonSection(nights: points, versions: versions(nights: nights, rated: rated))
    }

    /// Every version that was ever current, rated in one fit with versions as players.
    static func versions(nights: [SeasonNight], rated: [GameRecord]) -> [ResultsDocument.Version] {
        // Each version once, in the order versions first appeared; the nights it was current.
        var order: [BotEntry] = []
        var span: [String: (first: Int, last: Int)] = [:]
        for night in nights {
            for bot in night.bots {
                let key = bot.versionedName
                if let known = span[key] {
                    span[key] = (known.first, night.number)
                } else {
                    span[key] = (night.number, night.number)
                    order.append(bot)
                }
            }
        }
        let relabeled = rated.map { record in
            var record = record
            for seat in record.players.indices {
                record.players[seat].bot = BotEntry.versionedName(record.players[seat].bot, version: record.players[seat].version)
            }
            return record
        }
        let board = Scoreboard(bots: order.map(\.versionedName), records: relabeled)
        let ratings = board.ratings()
        let current = Set((nights.last?.bots ?? []).map(\.versionedName))
        var versions = order.map { bot in
            ResultsDocument.Version(
                bot: bot.name, version: bot.version, firstNight: span[bot.versionedName]?.first ?? 0, lastNight: span[bot.versionedName]?.last ?? 0,
                rating: ratings?.rating(of: bot.versionedName).flatMap(ResultsBuilder.estimate), games: board.tally(of: bot.versionedName).games,
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
