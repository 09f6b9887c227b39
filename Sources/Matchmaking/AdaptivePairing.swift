import BattleshipRules
import Foundation
import Ratings

/// The adaptive policy's rounds (docs/scoring.md): pure, from a pool and its fit alone, so a
/// schedule can be replayed from its results.
///
/// A round is a list of pairings (each two games, one with each first mover):
/// 1. **Openings.** A version without games meets every built-in and
///    ``MatchmakingPolicy/openingOpponents`` rated players at a spread of the standings (when
///    nobody is rated yet, as a whole class uploading at once, its neighbours on a shuffled ring).
/// 2. **Narrowing.** Every other version whose interval is wider than the target (or that owes
///    fresh games) and has budget left gets about a quarter of the games it still needs, by the
///    information a game adds, each against the opponent that adds the most, weighed among 24
///    drawn from those within ±100 Elo and 8 unsettled versions within ±250: a close rating (a
///    game near 50:50 tells most), another unsettled version (the game narrows both), an
///    opponent met less often.
/// A round is empty when every version is settled or out of budget.
public enum AdaptivePairing {
    /// Fisher information of one game at even odds, per Elo²: `(ln 10 / 400)² / 4`.
    static let evenGameInformation = pow(log(10.0) / 400, 2) / 4
    /// How many opponents a version weighs for each pairing: all those within ``reach`` when
    /// there are this many or fewer, else this many drawn from them.
    static let candidates = 24
    /// How far in rating, either way, a version looks for an opponent: within ±100 Elo a game is
    /// at worst 64:36, so it tells at least 92% of what a game at even odds does, and opponents
    /// drawn from the whole span link the standings widely, not as a chain of next neighbours
    /// (a chain's far ends are compared through every link's error).
    static let reach: Double = 100

    /// The next round for `pool` (fitted: ``MatchmakingPool/refit()``); `seed` shuffles the first
    /// openings' ring and draws the opponents weighed.
    public static func nextRound(_ pool: MatchmakingPool, policy: MatchmakingPolicy, seed: UInt64) -> [Pairing] {
        let n = pool.playerCount
        var pairings: [Pairing] = []
        var used = [Int](repeating: 0, count: n)
        var thisRound = Set<Int>()
        func pair(_ a: Int, _ b: Int) {
            pairings.append(Pairing(a, b))
            used[a] += 1
            used[b] += 1
            thisRound.insert(pool.pairKey(a, b))
        }

        let rated = (0..<n).filter { pool.gameCounts[$0] > 0 }.sorted { pool.rating($0) > pool.rating($1) }
        let newcomers = (0..<n).filter { pool.gameCounts[$0] == 0 && !pool.anchors.contains($0) }
        let students = rated.filter { !pool.anchors.contains($0) }
        if !newcomers.isEmpty {
            if students.isEmpty {
                // A class arriving at once: each meets its neighbours on a shuffled ring.
                var generator = SeededGenerator(seed: seed)
                var ring = newcomers
                for i in stride(from: ring.count - 1, to: 0, by: -1) { ring.swapAt(i, generator.uniform(below: i + 1)) }
                let reach = min(max(1, policy.openingOpponents / 2), (ring.count - 1) / 2)
                if ring.count > 1 {
                    for position in ring.indices {
                        for step in 1...max(1, reach) where step < ring.count {
                            let other = ring[(position + step) % ring.count]
                            if !thisRound.contains(pool.pairKey(ring[position], other)) { pair(ring[position], other) }
                        }
                    }
                }
                for player in newcomers {
                    for anchor in pool.anchors.sorted() { pair(player, anchor) }
                }
            } else {
                let k = min(policy.openingOpponents, students.count)
                let spread = (0..<k).map { students[min(students.count - 1, Int((Double($0) + 0.5) * Double(students.count) / Double(k)))] }
                for player in newcomers {
                    for opponent in pool.anchors.sorted() + spread where opponent != player && !thisRound.contains(pool.pairKey(player, opponent)) {
                        pair(player, opponent)
                    }
                }
            }
        }

        // Narrowing: the widest intervals choose first, each from opponents within reach.
        let wanting = students.filter { wants($0, pool: pool, policy: policy) }.sorted { pool.halfWidth($0) > pool.halfWidth($1) }
        guard !wanting.isEmpty, let fit = pool.fit else { return pairings }
        let isWanting = Set(wanting)
        var quota = [Int](repeating: 0, count: n)
        for player in wanting {
            let target = pow(RatingEstimate.z95 / policy.ratingInterval, 2)
            let now = 1 / max(1e-12, pow(fit.ratings[player].standardError, 2))
            let gamesNeeded = max(2, (target - now) / evenGameInformation, Double(pool.freshGamesOwed[player] ?? 0))
            // Fresh games owed are paid whatever the budget (they are at most twice the games it had).
            let left = pool.freshGamesOwed[player].map { ($0 + 1) / 2 } ?? (policy.versionBudget - pool.gameCounts[player]) / 2
            quota[player] = max(0, min(policy.pairingsPerRound, Int((gamesNeeded / 4).rounded(.up)), left))
        }
        // A settled version or a built-in lends itself to at most two pairings a round.
        let lend = 2
        var generator = SeededGenerator(seed: seed ^ 0x4D41_5443_484D_414B)
        // Ratings best first, as `rated` holds them, for the span within reach of each player.
        let ratings = rated.map { pool.rating($0) }
        let wantingByRating = wanting.sorted { pool.rating($0) > pool.rating($1) }
        let wantingRatings = wantingByRating.map { pool.rating($0) }
        func firstPlace(below rating: Double) -> Int { Self.firstPlace(in: ratings, below: rating) }
        func firstWanting(below rating: Double) -> Int { Self.firstPlace(in: wantingRatings, below: rating) }
        for player in wanting {
            let rating = pool.rating(player)
            var span = firstPlace(below: rating + reach)..<firstPlace(below: rating - reach)
            // Too few within reach (a sparse end of the standings): the nearest places instead.
            if span.count < 3 {
                let place = firstPlace(below: rating)
                span = max(0, place - candidates / 2)..<min(rated.count, place + candidates / 2 + 1)
            }
            while used[player] < quota[player] {
                var best: (player: Int, score: Double)?
                let places =
                    span.count <= candidates ? Array(span) : (0..<candidates).map { _ in span.lowerBound + generator.uniform(below: span.count) }
                // Unsettled versions further off too: a game that narrows two intervals at 19:81
                // tells more than one that narrows one at even odds.
                let far = firstWanting(below: rating + 2.5 * reach)..<firstWanting(below: rating - 2.5 * reach)
                let others =
                    far.isEmpty ? [] : (0..<min(8, far.count)).map { _ in wantingByRating[far.lowerBound + generator.uniform(below: far.count)] }
                for opponent in places.map({ rated[$0] }) + others {
                    guard opponent != player else { continue }
                    guard !thisRound.contains(pool.pairKey(player, opponent)) else { continue }
                    let free = isWanting.contains(opponent) ? used[opponent] < max(quota[opponent], 1) + 1 : used[opponent] < lend
                    // A version's budget holds as an opponent too (a built-in has none), but
                    // not against fresh games owed: those dilute a returned version's luck
                    // among its classmates, not against the built-ins alone.
                    let within =
                        pool.anchors.contains(opponent) || pool.freshGamesOwed[opponent] != nil || pool.freshGamesOwed[player] != nil
                        || pool.gameCounts[opponent] + 2 * (used[opponent] + 1) <= policy.versionBudget
                    guard free, within else { continue }
                    let p = 1 / (1 + pow(10, (pool.rating(opponent) - pool.rating(player)) / 400))
                    let both = isWanting.contains(opponent) ? 2.0 : 1.0
                    let score = p * (1 - p) * both / (1 + 0.1 * Double(pool.meetings(player, opponent)))
                    if best == nil || score > best!.score { best = (opponent, score) }
                }
                guard let best else { break }
                pair(player, best.player)
            }
        }
        return pairings
    }

    /// The first place of `ratings` (best first) at or below `rating`, by bisection.
    static func firstPlace(in ratings: [Double], below rating: Double) -> Int {
        var low = 0
        var high = ratings.count
        while low < high {
            let middle = (low + high) / 2
            if ratings[middle] > rating { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether `player` asks for games: owing fresh games, or unsettled with budget left.
    public static func wants(_ player: Int, pool: MatchmakingPool, policy: MatchmakingPolicy) -> Bool {
        guard !pool.anchors.contains(player), pool.gameCounts[player] > 0 else { return false }
        if pool.freshGamesOwed[player] != nil { return true }
        return !pool.isSettled(player, policy: policy) && pool.gameCounts[player] + 2 <= policy.versionBudget
    }
}
