import Foundation

extension BradleyTerryFit {
    /// The log-posterior of a ``BradleyTerryFit`` and its derivatives, in the reduced parameters:
    /// the ratings of players `0..<n-1` and, when estimated, the advantage (the last player's
    /// rating is `1500·n` minus the others', so the mean constraint holds at every step).
    ///
    /// Everything is held in flat arrays and computed in the reduced coordinates directly: a
    /// class of 1,000 has a 1,000 × 1,000 information matrix, refitted after every round of
    /// matchmaking (docs/scoring.md), so the fit is a few dense passes, not arrays of arrays.
    struct Problem {
        let games: [RatedGame]
        let n: Int
        let options: Options

        /// ln(10) / 400: converts Elo points to the logistic scale.
        static let k = log(10.0) / 400

        init(games: [RatedGame], playerCount: Int, options: Options) {
            self.games = games
            self.n = playerCount
            self.options = options
        }

        /// Free ratings (all but the last player) plus the advantage when estimated.
        var reducedDimension: Int { (n - 1) + (options.estimateAdvantage ? 1 : 0) }

        /// The reduced index of full parameter `p` (a player, or `n` for the advantage); nil for
        /// the eliminated last player and for an advantage that is not estimated.
        func reducedIndex(_ p: Int) -> Int? {
            if p < n - 1 { return p }
            if p == n, options.estimateAdvantage { return n - 1 }
            return nil
        }

        /// Every rating at 1500 (or `start`, shifted to mean 1500), the advantage at 0.
        func initialParameters(start: [Double]?) -> [Double] {
            guard let start, start.count == n, start.allSatisfy(\.isFinite) else {
                return [Double](repeating: BradleyTerryFit.meanRating, count: n) + [0]
            }
            let shift = BradleyTerryFit.meanRating - start.reduce(0, +) / Double(n)
            return start.map { $0 + shift } + [0]
        }

        struct Evaluation {
            var value: Double
            /// Gradient over the reduced parameters.
            var gradient: [Double]
            /// Minus the Hessian over the reduced parameters, row-major `m × m`.
            var information: [Double]
        }

        /// ln σ(x), computed stably.
        static func logSigmoid(_ x: Double) -> Double {
            x >= 0 ? -log1p(exp(-x)) : x - log1p(exp(x))
        }

        static func sigmoid(_ x: Double) -> Double {
            x >= 0 ? 1 / (1 + exp(-x)) : exp(x) / (1 + exp(x))
        }

        /// The log-posterior at full parameters `p` (ratings, then the advantage).
        func value(_ p: [Double]) -> Double {
            evaluate(p, derivatives: false).value
        }

        /// The log-posterior at `p` with its reduced gradient and information.
        ///
        /// Each game adds `w·v·vᵀ` to the full information, `v = e_i − e_j + d·e_a`; in reduced
        /// coordinates `e_last = −Σ e_r`, so the game's terms are gathered on the full matrix
        /// and reduced once: `R[a][b] = F[a][b] − F[a][L] − F[L][b] + F[L][L]` over players.
        func evaluate(_ p: [Double], derivatives: Bool = true) -> Evaluation {
            let size = n + 1
            let k = Self.k
            let estimate = options.estimateAdvantage
            let a = estimate ? p[n] : 0
            var value = 0.0
            var gradient = [Double](repeating: 0, count: derivatives ? size : 0)
            var full = [Double](repeating: 0, count: derivatives ? size * size : 0)
            for game in games {
                let i = game.first
                let j = game.second
                let d: Double = estimate ? (game.firstMovedFirst ? 1 : -1) : 0
                let x = k * (p[i] - p[j] + d * a)
                let s = game.score
                value += s * Self.logSigmoid(x) + (1 - s) * Self.logSigmoid(-x)
                guard derivatives else { continue }
                let prob = Self.sigmoid(x)
                let residual = k * (s - prob)
                gradient[i] += residual
                gradient[j] -= residual
                gradient[n] += d * residual
                let w = k * k * prob * (1 - prob)
                full[i * size + i] += w
                full[j * size + j] += w
                full[i * size + j] -= w
                full[j * size + i] -= w
                if d != 0 {
                    full[n * size + n] += w
                    full[i * size + n] += w * d
                    full[n * size + i] += w * d
                    full[j * size + n] -= w * d
                    full[n * size + j] -= w * d
                }
            }
            if options.priorDraws > 0 {
                let prior = options.priorDraws
                for i in 0..<n {
                    let x = k * (p[i] - BradleyTerryFit.meanRating)
                    value += prior * 0.5 * (Self.logSigmoid(x) + Self.logSigmoid(-x))
                    guard derivatives else { continue }
                    let prob = Self.sigmoid(x)
                    gradient[i] += prior * k * (0.5 - prob)
                    full[i * size + i] += prior * k * k * prob * (1 - prob)
                }
            }
            guard derivatives else { return Evaluation(value: value, gradient: [], information: []) }
            return Evaluation(value: value, gradient: reduce(gradient: gradient), information: reduce(information: full))
        }

        /// `Jᵀ·g`: a free player's entry less the last player's; the advantage's as it is.
        func reduce(gradient g: [Double]) -> [Double] {
            let last = n - 1
            var reduced = (0..<last).map { g[$0] - g[last] }
            if options.estimateAdvantage { reduced.append(g[n]) }
            return reduced
        }

        /// `Jᵀ·F·J` of the full information `F` (`(n + 1) × (n + 1)`, row-major).
        func reduce(information f: [Double]) -> [Double] {
            let m = reducedDimension
            let size = n + 1
            let last = n - 1
            // The full index of each reduced one, and whether it is a player's.
            let source = (0..<m).map { $0 < last ? $0 : n }
            var result = [Double](repeating: 0, count: m * m)
            let corner = f[last * size + last]
            result.withUnsafeMutableBufferPointer { r in
                f.withUnsafeBufferPointer { f in
                    for a in 0..<m {
                        let fa = source[a]
                        let aPlayer = a < last
                        for b in 0..<m {
                            let fb = source[b]
                            var sum = f[fa * size + fb]
                            if b < last { sum -= f[fa * size + last] }
                            if aPlayer { sum -= f[last * size + fb] }
                            if aPlayer, b < last { sum += corner }
                            r[a * m + b] = sum
                        }
                    }
                }
            }
            return result
        }

        /// Maps a reduced step to the full parameters (`J·step`).
        func expand(_ reduced: [Double]) -> [Double] {
            let last = n - 1
            var full = Array(reduced[0..<last])
            full.append(-full.reduce(0, +))
            full.append(options.estimateAdvantage ? reduced[last] : 0)
            return full
        }

        static func add(_ p: [Double], _ step: [Double], scale: Double) -> [Double] {
            zip(p, step).map { $0 + scale * $1 }
        }
    }
}
