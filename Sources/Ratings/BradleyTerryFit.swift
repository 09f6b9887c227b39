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
    /// The covariance matrix, `(playerCount + 1) × (playerCount + 1)`: players `0..<playerCount`,
    /// then the advantage at index `playerCount` (a zero row and column when not estimated).
    public let covariance: [[Double]]
    /// The maximized log-posterior (log-likelihood plus the prior term), natural log.
    public let logPosterior: Double
    /// Newton iterations used.
    public let iterations: Int
    /// The options of the fit.
    public let options: Options

    /// The number of players.
    public var playerCount: Int { ratings.count }

    /// The covariance of two parameters (player indices, or `playerCount` for the advantage).
    public func covariance(_ i: Int, _ j: Int) -> Double { covariance[i][j] }

    /// Fits ratings for players `0..<playerCount` from `games`.
    /// - Throws: ``FitError``.
    public init(games: [RatedGame], playerCount: Int, options: Options = Options()) throws {
        guard playerCount >= 1 else { throw FitError.noPlayers }
        guard options.priorDraws >= 0, options.priorDraws.isFinite, options.tolerance > 0, options.maxIterations > 0
        else { throw FitError.invalidOptions }
        for (index, game) in games.enumerated() {
            guard (0..<playerCount).contains(game.first), (0..<playerCount).contains(game.second),
                  game.first != game.second, game.score >= 0, game.score <= 1
            else { throw FitError.invalidGame(index: index) }
        }

        let problem = Problem(games: games, playerCount: playerCount, options: options)
        var parameters = problem.initialParameters
        var current = problem.evaluate(parameters)
        var iterations = 0
        var converged = problem.reducedDimension == 0

        while !converged {
            guard iterations < options.maxIterations else {
                throw FitError.didNotConverge(iterations: iterations)
            }
            iterations += 1
            let reducedGradient = problem.reduceGradient(current.gradient)
            let information = problem.reduceInformation(current.information)
            guard let factor = Cholesky(information, dimension: problem.reducedDimension) else {
                throw FitError.singularInformation
            }
            let step = problem.expand(factor.solve(reducedGradient))
            var scale = 1.0
            var candidate = Problem.add(parameters, step, scale: scale)
            var next = problem.evaluate(candidate)
            let slack = 1e-12 * max(1, abs(current.value))
            while !(next.value >= current.value - slack) && scale > 1e-12 {
                scale /= 2
                candidate = Problem.add(parameters, step, scale: scale)
                next = problem.evaluate(candidate)
            }
            let largestStep = step.reduce(0) { max($0, abs($1)) } * scale
            parameters = candidate
            current = next
            if !largestStep.isFinite || !current.value.isFinite {
                throw FitError.didNotConverge(iterations: iterations)
            }
            converged = largestStep < options.tolerance
        }

        let n = playerCount
        var fullCovariance = [[Double]](repeating: [Double](repeating: 0, count: n + 1), count: n + 1)
        if problem.reducedDimension > 0 {
            guard let factor = Cholesky(problem.reduceInformation(current.information), dimension: problem.reducedDimension)
            else { throw FitError.singularInformation }
            let inverse = factor.inverse()
            let m = problem.reducedDimension
            // Covariance = J · F⁻¹ · Jᵀ, with J the (n + 1) × m Jacobian of the full parameters.
            let jacobian = problem.jacobian
            var jf = [[Double]](repeating: [Double](repeating: 0, count: m), count: n + 1)
            for row in 0...n {
                for column in 0..<m {
                    var sum = 0.0
                    for k in 0..<m { sum += jacobian[row][k] * inverse[k * m + column] }
                    jf[row][column] = sum
                }
            }
            for row in 0...n {
                for column in 0...n {
                    var sum = 0.0
                    for k in 0..<m { sum += jf[row][k] * jacobian[column][k] }
                    fullCovariance[row][column] = sum
                }
            }
        }

        ratings = (0..<n).map {
            RatingEstimate(value: parameters[$0], standardError: sqrt(max(0, fullCovariance[$0][$0])))
        }
        advantage = RatingEstimate(value: parameters[n], standardError: sqrt(max(0, fullCovariance[n][n])))
        covariance = fullCovariance
        logPosterior = current.value
        self.iterations = iterations
        self.options = options
    }
}
