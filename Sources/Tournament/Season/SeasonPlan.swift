import Foundation

/// The decision a season's run makes before play, from the journal's nights and results and
/// the entries found now: continue the last night, or begin a new one with exactly the games
/// the current versions are missing. Pure; ``Orchestrator``'s run reads and writes the files.
///
/// - An entry is a name (a listed bot, or a submission's folder: its identity, whatever its
///   bot.yaml's `name:` says); a version is one state of a submission (``BotEntry/version``).
/// - A submission whose newer version was not entered (a failed build, a change after the
///   deadline) keeps its last good version; one that is gone from the folder is retired.
/// - A game is the same game in every night when it is between the same two versions in the
///   same round (``SeasonGameIdentity``): each is played once in the whole season.
/// - Anything else that would make old games incomparable (a listed bot, or the limits and
///   deadlines of a version that did not change) is refused, naming the setting.
///
/// ```swift
/// let plan = try SeasonPlan.plan(nights: resume.nights, rated: resume.rated, listed: listed,
///                                entered: entered, notEntered: ["zed": "the build failed"],
///                                gamesPerPairing: 2, now: Date())
/// print(plan.changes.summary)   // "Season night 2: 1 new version (alice); 8 games to play"
/// ```
public enum SeasonPlan {
    /// What the run plays.
    public struct Decision: Hashable, Sendable {
        /// The night to play: the last one continued, or a new one.
        public var night: SeasonNight
        /// Whether ``night`` is new and must be written to the journal before play.
        public var isNew: Bool
        public var changes: SeasonChanges
    }

    /// Why a season cannot go on with these entries.
    public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Decides the night. `listed` are the tournament file's bots, `entered` the submissions
    /// entered now (each with its version), `notEntered` the names of submissions whose
    /// current folder was not entered, with the reason in one line. `swissRounds` makes a new
    /// night that many Swiss rounds over the current versions (a Swiss season) instead of the
    /// round robin games they miss; `matchmaking` makes it the next round matchmaking chooses
    /// (``SeasonMatchmaking``, its lots drawn from `seed` and the night's number), and begins
    /// one whenever the last night is played through and the round is not empty, even with no
    /// version changed: an adaptive season plays night after night until its versions settle.
    public static func plan(
        nights: [SeasonNight], rated: [Int: GameRecord], listed: [BotEntry], entered: [BotEntry], notEntered: [String: String],
        gamesPerPairing: Int, swissRounds: Int? = nil, matchmaking: SeasonMatchmaking? = nil, seed: UInt64 = 0, now: Date
    ) throws(Refusal) -> Decision {
        let last = nights.last
        let previous = Dictionary((last?.bots ?? []).filter { $0.version != nil }.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var submissions = Dictionary(entered.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var kept: [SeasonChanges.Kept] = []
        for (name, reason) in notEntered.sorted(by: { $0.key < $1.key }) where submissions[name] == nil {
            guard let good = previous[name] else { continue }
            submissions[name] = good
            kept.append(SeasonChanges.Kept(name: name, reason: reason))
        }
        let bots = listed + submissions.values.sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
        for bot in bots {
            guard let old = previous[bot.name], old.version == bot.version,
                let difference = ResumeSettings.playDifference(journal: old, run: bot)
            else { continue }
            throw Refusal(
                description:
                    "\(difference); a season's versions must keep the limits they were rated under: run with the same `bots_from:` settings, or start a new season in another --output"
            )
        }

        let number = (last?.number ?? 0) + 1
        let chosen = matchmaking.map { method in
            (
                method: method,
                games: method.games(
                    bots: bots, nights: nights, rated: rated, gamesPerPairing: gamesPerPairing,
                    seed: ScheduleSeeds.mix(seed, 0x4D41_5443, UInt64(number)))
            )
        }
        if let last, last.bots == bots {
            let left = last.indices.count { rated[$0] == nil }
            // Played through, with versions that still want games: the next round is a new night.
            let nextRound = left == 0 && !(chosen?.games.isEmpty ?? true)
            if !nextRound {
                var changes = SeasonChanges(night: last.number, continued: true, gamesToPlay: left)
                changes.kept = kept
                return Decision(night: last, isNew: false, changes: changes)
            }
        }
        var night = SeasonNight(number: number, startedAt: now, firstIndex: last.map { $0.indices.upperBound } ?? 0, bots: bots, games: [])
        if let chosen {
            night.games = chosen.games
            let current = Set(bots.map(\.versionedName))
            let carried = rated.values.count { record in
                record.players.allSatisfy { current.contains(BotEntry.versionedName($0.bot, version: $0.version)) }
            }
            night.matchmade = SeasonNight.Matchmade(method: chosen.method.nightMethod, carried: carried)
        } else if let swissRounds {
            night.swiss = SeasonNight.Swiss(
                rounds: swissRounds, games: swissRounds * (bots.count / 2) * gamesPerPairing,
                carried: rated.values.count(where: night.isCurrent)
            )
        } else {
            night.games = missingGames(bots: bots, gamesPerPairing: gamesPerPairing, played: playedIdentities(nights: nights, rated: rated))
        }
        var changes = SeasonChanges(night: night.number, continued: false, gamesToPlay: night.indices.count)
        changes.round = night.matchmade?.method
        let lastNames = Set((last?.bots ?? []).map(\.name))
        // Every version each entry was current with, in any night: going back to one is no new version.
        var earlier: [String: Set<String>] = [:]
        for night in nights {
            for entry in night.bots { if let version = entry.version { earlier[entry.name, default: []].insert(version) } }
        }
        for bot in bots where bot.version != nil {
            if let old = previous[bot.name] {
                if old.version != bot.version, let version = bot.version {
                    if earlier[bot.name]?.contains(version) == true {
                        changes.returnedVersions.append(bot.name)
                    } else {
                        changes.newVersions.append(bot.name)
                    }
                }
            } else if !lastNames.contains(bot.name) {
                changes.newEntries.append(bot.name)
            }
        }
        changes.retired = (last?.bots ?? []).map(\.name).filter { name in !bots.contains { $0.name == name } }
        changes.kept = kept
        return Decision(night: night, isNew: true, changes: changes)
    }

    /// The identities of every game with a result, in every night.
    public static func playedIdentities(nights: [SeasonNight], rated: [Int: GameRecord]) -> Set<SeasonGameIdentity> {
        var played = Set<SeasonGameIdentity>()
        for night in nights {
            for (position, game) in night.games.enumerated() where rated[night.firstIndex + position] != nil {
                played.insert(night.identity(of: game))
            }
        }
        return played
    }

    /// Every game of a round robin of `bots` that `played` lacks: round by round, each pair
    /// (in name order) once a round, so a night stopped early is still balanced.
    static func missingGames(bots: [BotEntry], gamesPerPairing: Int, played: Set<SeasonGameIdentity>) -> [SeasonNight.Game] {
        var pairs: [(Int, Int)] = []
        for a in bots.indices {
            for b in bots.indices where b > a {
                let aFirst = Array(bots[a].name.utf8).lexicographicallyPrecedes(Array(bots[b].name.utf8))
                pairs.append(aFirst ? (a, b) : (b, a))
            }
        }
        let night = SeasonNight(number: 0, startedAt: Date(timeIntervalSince1970: 0), firstIndex: 0, bots: bots, games: [])
        var games: [SeasonNight.Game] = []
        for round in 0..<gamesPerPairing {
            for (first, second) in pairs {
                let game = SeasonNight.Game(first: first, second: second, round: round)
                if !played.contains(night.identity(of: game)) { games.append(game) }
            }
        }
        return games
    }
}
