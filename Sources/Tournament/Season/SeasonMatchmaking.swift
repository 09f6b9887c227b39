import Matchmaking
import Ratings

/// How a season's new night chooses its games when it is not a round robin's or a Swiss
/// night (docs/scoring.md, "Adaptive matchmaking" and "Settling after the deadline"): the
/// next round of ``Matchmaking/AdaptivePairing`` or ``Matchmaking/SettlePairing`` over every
/// game the current versions have played between them, in any night. Pure: the same journal
/// gives the same round.
///
/// ```swift
/// let games = SeasonMatchmaking.adaptive(ratingInterval: 50)
///     .games(bots: night.bots, nights: resume.nights, rated: resume.rated, gamesPerPairing: 2, seed: 7)
/// ```
public enum SeasonMatchmaking: Hashable, Sendable {
    /// An adaptive round: openings for new versions, then the games that narrow the intervals
    /// still wider than `ratingInterval` (Elo, the 95% interval's ±), within each version's
    /// budget (``Matchmaking/MatchmakingPolicy/classBudget(players:builtIns:gamesPerPairing:)``).
    case adaptive(ratingInterval: Double)
    /// A settle round: a pairing for each two neighbouring versions not yet separated at 95%,
    /// at most `games` games.
    case settle(games: Int)

    /// How the night's line names the method.
    var nightMethod: SeasonNight.Matchmade.Method {
        switch self {
        case .adaptive: .adaptive
        case .settle: .settle
        }
    }

    /// The night's games over `bots` (a night's order: the listed bots, whose games anchor the
    /// ratings, then the submissions), from the `rated` games of `nights`; empty when every
    /// version is settled (or out of budget), or, settling, separated. Each pairing is two games,
    /// each version moving first once, numbered as the pair's next rounds in the season
    /// (``SeasonNight/Game/round``), so that each has fresh fleets.
    public func games(bots: [BotEntry], nights: [SeasonNight], rated: [Int: GameRecord], gamesPerPairing: Int, seed: UInt64) -> [SeasonNight.Game] {
        let pool = Self.pool(bots: bots, nights: nights, rated: rated)
        let pairings: [Pairing]
        switch self {
        case .adaptive(let ratingInterval):
            let builtIns = pool.anchors.count
            let policy = MatchmakingPolicy(
                ratingInterval: ratingInterval,
                versionBudget: MatchmakingPolicy.classBudget(players: bots.count - builtIns, builtIns: builtIns, gamesPerPairing: gamesPerPairing))
            pairings = AdaptivePairing.nextRound(pool, policy: policy, seed: seed)
        case .settle(let games):
            guard let fit = pool.fit else { return [] }
            let versions = bots.indices.filter { !pool.anchors.contains($0) && pool.gameCounts[$0] > 0 }
            pairings = SettlePairing.nextRound(fit, ranked: RatingTies.ranked(fit, among: versions), gamesLeft: games)
        }
        return Self.numbered(pairings, bots: bots, nights: nights)
    }

    /// The pool of `bots` (anchored by the listed ones) with every rated game between two of
    /// them, fitted. A version returned to (current now, not in the night before the one it came
    /// back in, current in an earlier one) owes twice the games it had when it came back
    /// (``Matchmaking/MatchmakingPool/owedOnReturn(games:)``): its old luck is diluted, not kept.
    static func pool(bots: [BotEntry], nights: [SeasonNight], rated: [Int: GameRecord]) -> MatchmakingPool {
        var position: [String: Int] = [:]
        for (index, bot) in bots.enumerated() { position[bot.versionedName] = index }
        let anchors = Set(bots.indices.filter { bots[$0].version == nil })
        var pool = MatchmakingPool(playerCount: bots.count, anchors: anchors)
        let records = rated.values.sorted { $0.index < $1.index }
        var next = records.startIndex
        var previous: Set<String> = []
        var seen: Set<String> = []
        // The versions each night returned to owe from its first game on; the night being
        // planned (`bots`) comes after every game.
        func returns(to versions: [BotEntry]) {
            let current = Set(versions.filter { $0.version != nil }.map(\.versionedName))
            for name in current where !previous.contains(name) && seen.contains(name) {
                if let player = position[name] { pool.freshGamesOwed[player] = MatchmakingPool.owedOnReturn(games: pool.gameCounts[player]) }
            }
            previous = current
            seen.formUnion(current)
        }
        // In the journal's order: an empty night has the first index of the night after it.
        for night in nights {
            let before = records[next...].prefix { $0.index < night.firstIndex }
            pool.add(before.compactMap { Self.game($0, position: position) })
            next = before.endIndex
            returns(to: night.bots)
        }
        pool.add(records[next...].compactMap { Self.game($0, position: position) })
        returns(to: bots)
        pool.refit()
        return pool
    }

    /// `record` as a rated game of the pool: both players current, a winner, not a bot against itself.
    static func game(_ record: GameRecord, position: [String: Int]) -> RatedGame? {
        guard let outcome = record.ratedOutcome,
            let first = position[BotEntry.versionedName(record.players[0].bot, version: record.players[0].version)],
            let second = position[BotEntry.versionedName(record.players[1].bot, version: record.players[1].version)], first != second
        else { return nil }
        return RatedGame(first: first, second: second, firstMovedFirst: true, score: outcome.winner == .one ? 1 : 0)
    }

    /// Each pairing as its two games, in the pair's next two rounds: after every round any
    /// night listed for the two versions, rounded up to a whole pair (so round `2k` and
    /// `2k + 1` share a duo, each version moving first once).
    static func numbered(_ pairings: [Pairing], bots: [BotEntry], nights: [SeasonNight]) -> [SeasonNight.Game] {
        guard !pairings.isEmpty else { return [] }
        var nextRound: [SeasonPairKey: Int] = [:]
        for night in nights {
            for game in night.games {
                let key = SeasonPairKey(night.bots[game.first].versionedName, night.bots[game.second].versionedName)
                nextRound[key] = max(nextRound[key] ?? 0, game.round + 1)
            }
        }
        var games: [SeasonNight.Game] = []
        for pairing in pairings {
            let a = bots[pairing.first].versionedName
            let b = bots[pairing.second].versionedName
            let key = SeasonPairKey(a, b)
            let round = ((nextRound[key] ?? 0) + 1) / 2 * 2
            nextRound[key] = round + 2
            let aFirst = Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
            let (first, second) = aFirst ? (pairing.first, pairing.second) : (pairing.second, pairing.first)
            games.append(SeasonNight.Game(first: first, second: second, round: round))
            games.append(SeasonNight.Game(first: first, second: second, round: round + 1))
        }
        return games
    }
}

/// Two versions, in name order: a pair of the season whatever the night.
struct SeasonPairKey: Hashable {
    let first: String
    let second: String

    init(_ a: String, _ b: String) {
        (first, second) = Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) ? (a, b) : (b, a)
    }
}
