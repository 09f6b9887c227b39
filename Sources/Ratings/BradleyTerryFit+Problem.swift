import Foundation

extension BradleyTerryFit {
    /// The log-posterior of a ``BradleyTerryFit`` and its derivatives, over the full parameters
    /// `(r_0, …, r_{n-1}, a)` and the reduced, constrained ones.
    struct Problem {
        let games: [RatedGame]
        let n: Int
        let options: Options

        /// ln(10) / 400: converts Elo points to the logistic scale.
        static let k = log(10.0) / 400

        /// The `(n + 1) × reducedDimension` Jacobian of the full parameters by the reduced ones.
        let jacobian: [[Double]]

        init(games: [RatedGame], playerCount: Int, options: Options) {
            self.games = games
            self.n = playerCount
            self.options = options
            let m = (playerCount - 1) + (options.estimateAdvantage ? 1 : 0)
            var j = [[Double]](repeating: [Double](repeating: 0, count: m), count: playerCount + 1)
            for i in 0..<(playerCount - 1) {
                j[i][i] = 1
                j[playerCount - 1][i] = -1
            }
            if options.estimateAdvantage { j[playerCount][m - 1] = 1 }
            jacobian = j
        }

        /// Free ratings (all but the last player) plus the advantage when estimated.
        var reducedDimension: Int { (n - 1) + (options.estimateAdvantage ? 1 : 0) }

        var initialParameters: [Double] {
            [Double](repeating: BradleyTerryFit.meanRating, count: n) + [0]
        }

        struct Evaluation {
            var value: Double
            /// Gradient over the full parameters (length n + 1).
            var gradient: [Double]
            /// Minus the Hessian over the full parameters, row-major (n + 1) × (n + 1).
            var information: [Double]
        }

        /// ln σ(x), computed stably.
        static func logSigmoid(_ x: Double) -> Double {
            x >= 0 ? -log1p(exp(-x)) : x - log1p(exp(x))
        }

        static func sigmoid(_ x: Double) -> Double {
            x >= 0 ? 1 / (1 + exp(-x)) : exp(x) / (1 + exp(x))
        }

        func evaluate(_ p: [Double]) -> Evaluation {
            let size = n + 1
            let k = Self.k
            var value = 0.0
            var gradient = [Double](repeating: 0, count: size)
            var information = [Double](repeating: 0, count: size * size)
            let a = options.estimateAdvantage ? p[n] : 0
            for game in games {
                let i = game.first, j = game.second
                let d: Double = options.estimateAdvantage ? (game.firstMovedFirst ? 1 : -1) : 0
                let x = k * (p[i] - p[j] + d * a)
                let s = game.score
                value += s * Self.logSigmoid(x) + (1 - s) * Self.logSigmoid(-x)
                let prob = Self.sigmoid(x)
                let residual = k * (s - prob)
                gradient[i] += residual
                gradient[j] -= residual
                gradient[n] += d * residual
                let w = k * k * prob * (1 - prob)
                // w · v·vᵀ with v = e_i - e_j + d·e_a.
                information[i * size + i] += w
                information[j * size + j] += w
                information[i * size + j] -= w
                information[j * size + i] -= w
                if d != 0 {
                    information[n * size + n] += w
                    information[i * size + n] += w * d
                    information[n * size + i] += w * d
                    information[j * size + n] -= w * d
                    information[n * size + j] -= w * d
                }
            }
            if options.priorDraws > 0 {
                let prior = options.priorDraws
                for i in 0..<n {
                    let x = k * (p[i] - BradleyTerryFit.meanRating)
                    value += prior * 0.5 * (Self.logSigmoid(x) + Self.logSigmoid(-x))
                    let prob = Self.sigmoid(x)
                    gradient[i] += prior * k * (0.5 - prob)
                    information[i * size + i] += prior * k * k * prob * (1 - prob)
                }
            }
            return Evaluation(value: value, gradient: gradient, information: information)
        }

        func reduceGradient(_ g: [Double]) -> [Double] {
            let j = jacobian
            return (0..<reducedDimension).map { c in (0...n).reduce(0) { $0 + j[$1][c] * g[$1] } }
        }

        /// `Jᵀ·F·J`, using that each column of `J` has at most two non-zero entries.
        func reduceInformation(_ f: [Double]) -> [Double] {
            let j = jacobian
            let m = reducedDimension
            let size = n + 1
            let columns: [[(row: Int, value: Double)]] = (0..<m).map { c in
                (0..<size).compactMap { r in j[r][c] != 0 ? (row: r, value: j[r][c]) : nil }
            }
            var result = [Double](repeating: 0, count: m * m)
            for a in 0..<m {
                for b in 0..<m {
                    var sum = 0.0
                    for x in columns[a] {
                        for y in columns[b] { sum += x.value * f[x.row * size + y.row] * y.value }
                    }
                    result[a * m + b] = sum
                }
            }
            return result
        }

        /// Maps a reduced step to the full parameters.
        func expand(_ reduced: [Double]) -> [Double] {
            jacobian.map { row in zip(row, reduced).reduce(0) { $0 + $1.0 * $1.1 } }
        }

        static func add(_ p: [Double], _ step: [Double], scale: Double) -> [Double] {
            zip(p, step).map { $0 + scale * $1 }
        }
    }
}
