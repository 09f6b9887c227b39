import Foundation

/// The likelihood of superiority of every player over every other, from a ``BradleyTerryFit``:
///
///     LOS(i, j) = Φ((r_i - r_j) / sqrt(var_i + var_j - 2·cov_ij))
///
/// with Φ the standard normal distribution function and the variances and covariance taken from
/// the fit's covariance matrix (which accounts for the mean-rating anchor).
public struct LikelihoodOfSuperiority: Sendable, Hashable {
    /// `matrix[i][j]` is the probability that player `i` is stronger than player `j`;
    /// the diagonal is 0.5.
    public let matrix: [[Double]]

    /// Computes the likelihood of superiority for every pair of players of `fit`.
    public init(fit: BradleyTerryFit) {
        let n = fit.playerCount
        var matrix = [[Double]](repeating: [Double](repeating: 0.5, count: n), count: n)
        for i in 0..<n {
            for j in 0..<n where i != j {
                let variance = fit.covariance(i, i) + fit.covariance(j, j) - 2 * fit.covariance(i, j)
                matrix[i][j] = Self.probability(
                    difference: fit.ratings[i].value - fit.ratings[j].value,
                    variance: variance
                )
            }
        }
        self.matrix = matrix
    }

    /// The likelihood of superiority of player `i` over player `j`.
    public subscript(i: Int, j: Int) -> Double { matrix[i][j] }

    /// `Φ(difference / sqrt(variance))`: 0.5 for a zero difference, and 0 or 1 (by the sign of the
    /// difference) when the variance is not positive.
    public static func probability(difference: Double, variance: Double) -> Double {
        if difference == 0 { return 0.5 }
        guard variance > 0 else { return difference > 0 ? 1 : 0 }
        return normalCDF(difference / sqrt(variance))
    }

    /// The standard normal distribution function Φ(x) = ½·erfc(-x/√2).
    public static func normalCDF(_ x: Double) -> Double {
        0.5 * erfc(-x / 2.0.squareRoot())
    }
}
