import BattleshipRules
import Foundation
import Ratings

/// `salvo bench matchmaking`: the real matchmaking and rating code (``AdaptivePairing``,
/// ``SettlePairing``, the joint fit) run on a simulated class whose games are drawn from
/// hidden strengths (``TrueStrengths``, Bradley–Terry with the measured first-mover
/// advantage), against a full round robin and random pairings of as many games.
///
/// Each trial draws a class of `students` plus the two built-ins' strengths (hunt-target and
/// random); then, in a class of its own (``rerollTrial(using:)``), one rerolling student: six
/// versions of one strength, of which the best-rated is kept and the others retired, as a
/// student who uploads the same code six times and returns to the luckiest would
/// (docs/scoring.md, "The simulator").
public struct MatchmakingSimulation: Sendable {
    public var students: Int
    public var seed: UInt64
    public var policy: MatchmakingPolicy
    public var trials: Int
    /// The settle step's games after adaptive play; nil: a fifth of adaptive play's, at most
    /// what is left of a round robin's cost.
    public var settleGames: Int?

    /// Versions of the rerolling student.
    static let rerolls = 6

    public init(students: Int, seed: UInt64, ratingInterval: Double = MatchmakingPolicy.defaultInterval, trials: Int? = nil, settleGames: Int? = nil)
    {
        self.students = students
        self.seed = seed
        policy = MatchmakingPolicy(
            ratingInterval: ratingInterval, versionBudget: MatchmakingPolicy.classBudget(players: students, builtIns: Self.builtIns.count))
        self.trials = trials ?? Self.defaultTrials(students: students)
        self.settleGames = settleGames
    }

    /// Fewer trials for larger classes: a trial at 1,000 students fits a 1,000-player model
    /// a few dozen times.
    public static func defaultTrials(students: Int) -> Int {
        students <= 50 ? 100 : students <= 300 ? 10 : 3
    }

    /// One figure per field the issue names, means over the trials.
    public struct Report: Codable, Sendable, Hashable {
        public var students: Int
        public var trials: Int
        public var ratingInterval: Double
        /// Adaptive play's games until every version is settled or out of budget.
        public var games: Double
        /// The share of versions settled (interval within the target) after adaptive play.
        public var settled: Double
        public var kendallTau: Double
        public var topTenExact: Double
        public var roundRobinGames: Int
        public var roundRobinKendallTau: Double
        public var roundRobinTopTenExact: Double
        public var randomPairingKendallTau: Double
        /// The settle step after adaptive play: its games, and the standings after it.
        public var settleGames: Double
        public var settledKendallTau: Double
        public var settledTopTenExact: Double
        /// How often the rerolling student's kept best-of-6 ranks above the identical classmate,
        /// and above beyond a statistical tie, before and after settling.
        public var rerollAboveBefore: Double
        public var rerollBeyondTieBefore: Double
        public var rerollAboveAfter: Double
        public var rerollBeyondTieAfter: Double
        /// Share of a round robin's games adaptive play used.
        public var gamesShareOfRoundRobin: Double
        public var seconds: Double
    }

    /// Runs every trial; `progress` hears each trial's end.
    public func run(progress: (Int) -> Void = { _ in }) -> Report {
        let started = Date()
        var sums = [String: Double]()
        for trial in 0..<trials {
            let one = runTrial(seed: seed &+ UInt64(trial) &* 0x9E37_79B9_7F4A_7C15)
            for (key, value) in one { sums[key, default: 0] += value }
            progress(trial + 1)
        }
        let mean = { (key: String) in (sums[key] ?? 0) / Double(trials) }
        let roundRobinGames = students * (students - 1)
        return Report(
            students: students, trials: trials, ratingInterval: policy.ratingInterval, games: mean("games"), settled: mean("settled"),
            kendallTau: mean("tau"), topTenExact: mean("top10"), roundRobinGames: roundRobinGames,
            roundRobinKendallTau: mean("rrTau"), roundRobinTopTenExact: mean("rrTop10"), randomPairingKendallTau: mean("randomTau"),
            settleGames: mean("settleGames"), settledKendallTau: mean("settledTau"), settledTopTenExact: mean("settledTop10"),
            rerollAboveBefore: mean("aboveBefore"), rerollBeyondTieBefore: mean("beyondBefore"),
            rerollAboveAfter: mean("aboveAfter"), rerollBeyondTieAfter: mean("beyondAfter"),
            gamesShareOfRoundRobin: mean("games") / Double(max(1, roundRobinGames)), seconds: Date().timeIntervalSince(started)
        )
    }

    /// Two games of `pairing` with outcomes drawn from `strengths`.
    static func play(_ pairing: Pairing, strengths: [Double], using generator: inout SeededGenerator) -> [RatedGame] {
        [(pairing.first, pairing.second), (pairing.second, pairing.first)].map { first, second in
            let p = 1 / (1 + pow(10, (strengths[second] - strengths[first] - TrueStrengths.firstMoverAdvantage) / 400))
            let won = Double(generator.next() >> 11) / Double(1 << 53) < p
            return RatedGame(first: first, second: second, firstMovedFirst: true, score: won ? 1 : 0)
        }
    }

    /// Adaptive play of `strengths` (students first, then the built-ins at `anchors`) until no
    /// version asks for games; the pool it leaves.
    func adaptivePlay(_ strengths: [Double], anchors: Set<Int>, seed: UInt64, using generator: inout SeededGenerator) -> MatchmakingPool {
        var pool = MatchmakingPool(playerCount: strengths.count, anchors: anchors)
        var round: UInt64 = 0
        while true {
            pool.refit()
            let pairings = AdaptivePairing.nextRound(pool, policy: policy, seed: seed &+ round)
            if pairings.isEmpty { break }
            pool.add(pairings.flatMap { Self.play($0, strengths: strengths, using: &generator) })
            round += 1
        }
        return pool
    }

    /// The settle step on `pool` among `players`, at most `budget` games.
    func settle(_ pool: inout MatchmakingPool, among players: [Int], budget: Int, strengths: [Double], using generator: inout SeededGenerator) -> Int
    {
        var spent = 0
        while spent < budget, let fit = pool.refit() {
            let pairings = SettlePairing.nextRound(fit, ranked: RatingTies.ranked(fit, among: players), gamesLeft: budget - spent)
            if pairings.isEmpty { break }
            pool.add(pairings.flatMap { Self.play($0, strengths: strengths, using: &generator) })
            spent += 2 * pairings.count
        }
        pool.refit()
        return spent
    }

    /// One trial's figures, by name: the class (its students, then the two built-ins) under
    /// adaptive play, the settle step, a round robin and random pairings; then the reroll.
    func runTrial(seed: UInt64) -> [String: Double] {
        var generator = SeededGenerator(seed: seed)
        let class_ = TrueStrengths.draw(students, using: &generator)
        let strengths = class_ + Self.builtIns
        let studentIndices = Array(0..<students)
        var figures: [String: Double] = [:]
        let estimate = { (pool: MatchmakingPool) in studentIndices.map { pool.rating($0) } }

        var pool = adaptivePlay(strengths, anchors: [students, students + 1], seed: seed, using: &generator)
        let adaptiveGames = pool.games.count
        figures["games"] = Double(adaptiveGames)
        figures["settled"] = Double(studentIndices.count { pool.isSettled($0, policy: policy) }) / Double(students)
        figures["tau"] = KendallTau.tau(estimate(pool), class_)
        figures["top10"] = Self.topTenExact(estimate(pool), class_) ? 1 : 0
        let spent = settle(
            &pool, among: studentIndices, budget: settleGames ?? min(adaptiveGames / 5, max(0, students * (students - 1) - adaptiveGames)),
            strengths: strengths, using: &generator)
        figures["settleGames"] = Double(spent)
        figures["settledTau"] = KendallTau.tau(estimate(pool), class_)
        figures["settledTop10"] = Self.topTenExact(estimate(pool), class_) ? 1 : 0

        // A full round robin, two games a pairing.
        var games: [RatedGame] = []
        games.reserveCapacity(students * (students - 1))
        for a in 0..<students {
            for b in (a + 1)..<students { games += Self.play(Pairing(a, b), strengths: class_, using: &generator) }
        }
        var roundRobin = MatchmakingPool(playerCount: students, games: games)
        roundRobin.refit()
        figures["rrTau"] = KendallTau.tau(estimate(roundRobin), class_)
        figures["rrTop10"] = Self.topTenExact(estimate(roundRobin), class_) ? 1 : 0

        // Random pairings, as many games as adaptive play.
        var randomGames: [RatedGame] = []
        while randomGames.count < adaptiveGames {
            let a = generator.uniform(below: students)
            var b = generator.uniform(below: students - 1)
            if b >= a { b += 1 }
            randomGames += Self.play(Pairing(a, b), strengths: class_, using: &generator)
        }
        var random = MatchmakingPool(playerCount: students, games: randomGames)
        random.refit()
        figures["randomTau"] = KendallTau.tau(estimate(random), class_)
        return figures.merging(rerollTrial(using: &generator), uniquingKeysWith: { $1 })
    }

    /// The hunt-target and random built-ins' strengths.
    static let builtIns = [TrueStrengths.elo(noise: 0), TrueStrengths.elo(noise: 1)]

    /// The reroll, in a class of its own (at most ``rerollClass`` students, so that it costs
    /// little beside a class of 1,000): student 0 has an identical classmate (the last
    /// student) and uploads its code six times; the best-rated version is kept, the other five
    /// retired (their games leave the pool), and the kept one, returned to, owes fresh games.
    func rerollTrial(using generator: inout SeededGenerator) -> [String: Double] {
        let size = min(students, Self.rerollClass)
        var class_ = TrueStrengths.draw(size, using: &generator)
        class_[size - 1] = class_[0]
        let strengths = class_ + Self.builtIns + Array(repeating: class_[0], count: Self.rerolls - 1)
        // Student 0 is the first version; the other five follow the built-ins.
        let versions = [0] + Array((size + 2)..<strengths.count)
        let classmate = size - 1
        let pool = adaptivePlay(strengths, anchors: [size, size + 1], seed: generator.next(), using: &generator)
        var figures: [String: Double] = [:]
        guard let fit = pool.fit else { return figures }
        let best = versions.max { fit.ratings[$0].value < fit.ratings[$1].value }!
        figures["aboveBefore"] = fit.ratings[best].value > fit.ratings[classmate].value ? 1 : 0
        figures["beyondBefore"] = RatingTies.separation(fit, best, classmate) >= RatingEstimate.z95 ? 1 : 0
        let retired = Set(versions).subtracting([best])
        var kept = MatchmakingPool(
            playerCount: strengths.count, anchors: pool.anchors.union(retired),
            games: pool.games.filter { !retired.contains($0.first) && !retired.contains($0.second) },
            freshGamesOwed: [best: MatchmakingPool.owedOnReturn(games: pool.gameCounts[best])]
        )
        // Continuous play: the returned version plays its fresh games; then the settle step.
        var round: UInt64 = 1
        while true {
            kept.refit()
            let pairings = AdaptivePairing.nextRound(kept, policy: policy, seed: round).filter {
                !retired.contains($0.first) && !retired.contains($0.second)
            }
            if pairings.isEmpty { break }
            kept.add(pairings.flatMap { Self.play($0, strengths: strengths, using: &generator) })
            round += 1
        }
        let current = (0..<size).map { $0 == 0 ? best : $0 }
        _ = settle(&kept, among: current, budget: kept.games.count / 5, strengths: strengths, using: &generator)
        guard let after = kept.fit else { return figures }
        figures["aboveAfter"] = after.ratings[best].value > after.ratings[classmate].value ? 1 : 0
        figures["beyondAfter"] = RatingTies.separation(after, best, classmate) >= RatingEstimate.z95 ? 1 : 0
        return figures
    }

    /// The reroll experiment's class size.
    static let rerollClass = 60

    /// Whether the ten best by `estimated` are the ten best by `truth`, in the same order.
    static func topTenExact(_ estimated: [Double], _ truth: [Double]) -> Bool {
        let count = min(10, truth.count)
        let byEstimate = estimated.indices.sorted { estimated[$0] > estimated[$1] }.prefix(count)
        let byTruth = truth.indices.sorted { truth[$0] > truth[$1] }.prefix(count)
        return Array(byEstimate) == Array(byTruth)
    }
}
