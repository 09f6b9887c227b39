import Foundation

/// A joint maximum-likelihood (maximum a posteriori, with a weak prior) Bradley–Terry fit of Elo
/// ratings and a first-mover advantage, in the manner of BayesElo and Ordo.
///
/// ## Model
/// For a game between players `i` and `j`,
///
///     P(i beats j) = 1 / (1 + 10^((r_j - r_i - d·a) / 400))
///
/// where `d = +1` when `i` moved first and `d = -1` when `j` did, and `a` is the first-mover
/// advantage in Elo points. A game's score `s` (1 = `first` won, 0 = `second` won; fractional scores
/// such as ½ are accepted) contributes `s·ln P + (1 - s)·ln(1 - P)` to the log-likelihood.
/// All ratings and `a` are estimated jointly, not from per-player pooled scores.
///
/// ## Prior
/// The likelihood alone has no finite maximum when a player won (or lost) every game. So, like
/// BayesElo's default prior of virtual draws, every player is credited with
/// ``Options/priorDraws`` virtual games (default 1) against a virtual opponent fixed at
/// ``meanRating`` (1500), each scored as a draw (½) and played without a first-move advantage:
/// player `i` adds `priorDraws · (½·ln σ + ½·ln(1 - σ))` with `σ = 1 / (1 + 10^((1500 - r_i) / 400))`.
/// The advantage `a` gets no prior. Set `priorDraws` to 0 for the pure maximum-likelihood fit.
///
/// ## Anchor
/// Ratings are only identified up to a common shift, so the fit maximizes the log-posterior
/// subject to the constraint that the mean rating is exactly ``meanRating`` (1500). Internally the
/// last player's rating is eliminated (`r_{n-1} = 1500·n - Σ_{i<n-1} r_i`); the results do not
/// depend on which player is eliminated.
///
/// ## Fitting
/// Newton's method on the constrained (reduced) parameters, with step halving if a step would
/// lower the log-posterior, stopping when the largest step is below ``Options/tolerance`` (Elo
/// points, default 1e-9) or failing after ``Options/maxIterations`` iterations.
///
/// ## Intervals
/// The covariance matrix is `J·F⁻¹·Jᵀ`, where `F` is the observed Fisher information (minus the
/// Hessian of the log-posterior) in the reduced parameters and `J` maps them back to the ratings and
/// the advantage, so it respects the mean constraint (each row of the ratings block sums to 0).
/// Intervals are `estimate ± 1.96 · standard error`.
public struct BradleyTerryFit: Sendable {
    /// The mean rating imposed by the anchor constraint, and the rating of the prior's virtual opponent.
    public static let meanRating: Double = 1500

    /// Fitting options.
    public struct Options: Sendable, Hashable {
        /// Virtual drawn games per player against a 1500-rated virtual opponent (0 disables the prior).
        public var priorDraws: Double
        /// Whether the first-mover advantage `a` is estimated (otherwise it is fixed at 0).
        public var estimateAdvantage: Bool
        /// Convergence tolerance on the largest Newton step, in Elo points.
        public var tolerance: Double
        /// The maximum number of Newton iterations.
        public var maxIterations: Int

        /// Creates options; the defaults are one prior draw per player, advantage estimated,
        /// tolerance 1e-9 and at most 100 iterations.
        public init(
            priorDraws: Double = 1,
            estimateAdvantage: Bool = true,
            tolerance: Double = 1e-9,
            maxIterations: Int = 100
        ) {
            self.priorDraws = priorDraws
            self.estimateAdvantage = estimateAdvantage
            self.tolerance = tolerance
            self.maxIterations = maxIterations
        }
    }

    /// Why a fit failed.
    public enum FitError: Error, Sendable, Hashable {
        /// `playerCount` is less than 1.
        case noPlayers
        /// A game refers to a player outside `0..<playerCount`, pits a player against itself,
        /// or has a score outside `0...1`.
        case invalidGame(index: Int)
        /// An option is out of range (negative prior, non-positive tolerance or iterations).
        case invalidOptions
        /// The information matrix is singular: the data do not identify the parameters (for example
        /// players not connected by games, or the advantage confounded with a rating).
        case singularInformation
        /// Newton's method did not converge within `maxIterations` (for example an unbounded
        /// maximum-likelihood estimate with `priorDraws == 0`).
        case didNotConverge(iterations: Int)
    }

    /// Rating estimates, indexed by player.
    public let ratings: [RatingEstimate]
    /// The first-mover advantage `a`, in Elo points (value 0 and standard error 0 when not estimated).
    public let advantage: RatingEstimate
    /// The maximized log-posterior (log-likelihood plus the prior term), natural log.
    public let logPosterior: Double
    /// Newton iterations used.
    public let iterations: Int
    /// The options of the fit.
    public let options: Options
    /// `u_p = L⁻¹·J_pᵀ` for every parameter `p` (players, then the advantage), each row of
    /// length ``Problem/reducedDimension``: the covariance of `p` and `q` is `u_p · u_q`.
    private let factorRows: [Double]
    private let reducedDimension: Int

    /// The number of players.
    public var playerCount: Int { ratings.count }

    /// The covariance of two parameters (player indices, or `playerCount` for the advantage),
    /// in `O(players)`.
    public func covariance(_ i: Int, _ j: Int) -> Double {
        let m = reducedDimension
        guard m > 0 else { return 0 }
        return factorRows.withUnsafeBufferPointer { u in
            Cholesky.dot(u.baseAddress! + i * m, u.baseAddress! + j * m, count: m)
        }
    }

    /// The covariance matrix, `(playerCount + 1) × (playerCount + 1)`: players `0..<playerCount`,
    /// then the advantage at index `playerCount` (a zero row and column when not estimated).
    /// Computed on each call, in `O(players³)`; ``covariance(_:_:)`` gives one entry.
    public var covariance: [[Double]] {
        let size = playerCount + 1
        return (0..<size).map { i in (0..<size).map { j in covariance(i, j) } }
    }

    /// Fits ratings for players `0..<playerCount` from `games`, Newton's method starting from
    /// `start` (ratings by player, from an earlier fit of fewer games) when given, else from 1500.
    /// - Throws: ``FitError``.
    public init(games: [RatedGame], playerCount: Int, options: Options = Options(), start: [Double]? = nil) throws {
        guard playerCount >= 1 else { throw FitError.noPlayers }
        guard options.priorDraws >= 0, options.priorDraws.isFinite, options.tolerance > 0, options.maxIterations > 0
        else { throw FitError.invalidOptions }
        for (index, game) in games.enumerated() {
            guard (0..<playerCount).contains(game.first), (0..<playerCount).contains(game.second),
                game.first != game.second, game.score >= 0, game.score <= 1
            else { throw FitError.invalidGame(index: index) }
        }

        let problem = Problem(games: games, playerCount: playerCount, options: options)
        let m = problem.reducedDimension
        var parameters = problem.initialParameters(start: start)
        var current = problem.evaluate(parameters)
        var iterations = 0
        var converged = m == 0

        while !converged {
            guard iterations < options.maxIterations else {
                throw FitError.didNotConverge(iterations: iterations)
            }
            iterations += 1
            guard let cholesky = Cholesky(current.information, dimension: m) else {
                throw FitError.singularInformation
            }
            let step = problem.expand(cholesky.solve(current.gradient))
            var scale = 1.0
            var candidate = Problem.add(parameters, step, scale: scale)
            var next = problem.value(candidate)
            let slack = 1e-12 * max(1, abs(current.value))
            while !(next >= current.value - slack) && scale > 1e-12 {
                scale /= 2
                candidate = Problem.add(parameters, step, scale: scale)
                next = problem.value(candidate)
            }
            let largestStep = step.reduce(0) { max($0, abs($1)) } * scale
            parameters = candidate
            if !largestStep.isFinite || !next.isFinite {
                throw FitError.didNotConverge(iterations: iterations)
            }
            converged = largestStep < options.tolerance
            current = problem.evaluate(parameters, derivatives: !converged)
        }

        let n = playerCount
        // The covariance J·F⁻¹·Jᵀ at the optimum, kept as the rows u_p = L⁻¹·J_pᵀ.
        var rows = [Double](repeating: 0, count: (n + 1) * m)
        if m > 0 {
            let information = problem.evaluate(parameters).information
            guard let cholesky = Cholesky(information, dimension: m) else { throw FitError.singularInformation }
            let inverse = cholesky.inverseFactor()
            let last = n - 1
            for k in 0..<m {
                for r in 0...k {
                    let value = inverse[k * m + r]
                    // Reduced index r is player r, or the advantage (full index n) past the players.
                    let p = r < last ? r : n
                    rows[p * m + k] = value
                    if r < last { rows[last * m + k] -= value }
                }
            }
        }
        factorRows = rows
        reducedDimension = m
        let variance = { (p: Int) -> Double in
            guard m > 0 else { return 0 }
            return rows.withUnsafeBufferPointer { Cholesky.dot($0.baseAddress! + p * m, $0.baseAddress! + p * m, count: m) }
        }
        ratings = (0..<n).map { RatingEstimate(value: parameters[$0], standardError: sqrt(max(0, variance($0)))) }
        advantage = RatingEstimate(value: parameters[n], standardError: sqrt(max(0, variance(n))))
        logPosterior = current.value
        self.iterations = iterations
        self.options = options
    }
}
