import Foundation

/// Cholesky factorization `A = L·Lᵀ` of a dense symmetric positive-definite matrix (row-major).
struct Cholesky {
    /// The lower-triangular factor, row-major `dimension × dimension`.
    private(set) var lower: [Double]
    /// The matrix dimension.
    let dimension: Int

    /// Factors `matrix` (row-major, `dimension × dimension`); `nil` when it is not numerically positive definite.
    init?(_ matrix: [Double], dimension: Int) {
        precondition(matrix.count == dimension * dimension)
        self.dimension = dimension
        var l = [Double](repeating: 0, count: dimension * dimension)
        var maxDiagonal = 0.0
        for i in 0..<dimension { maxDiagonal = max(maxDiagonal, abs(matrix[i * dimension + i])) }
        let threshold = maxDiagonal * 1e-14
        for i in 0..<dimension {
            for j in 0...i {
                var sum = matrix[i * dimension + j]
                for k in 0..<j { sum -= l[i * dimension + k] * l[j * dimension + k] }
                if i == j {
                    guard sum > threshold, sum.isFinite else { return nil }
                    l[i * dimension + i] = sqrt(sum)
                } else {
                    l[i * dimension + j] = sum / l[j * dimension + j]
                }
            }
        }
        lower = l
    }

    /// Solves `A·x = b`.
    func solve(_ b: [Double]) -> [Double] {
        let n = dimension
        var y = b
        for i in 0..<n {
            var sum = y[i]
            for k in 0..<i { sum -= lower[i * n + k] * y[k] }
            y[i] = sum / lower[i * n + i]
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            var sum = y[i]
            for k in (i + 1)..<n { sum -= lower[k * n + i] * y[k] }
            y[i] = sum / lower[i * n + i]
        }
        return y
    }

    /// The inverse `A⁻¹`, row-major.
    func inverse() -> [Double] {
        let n = dimension
        var result = [Double](repeating: 0, count: n * n)
        for column in 0..<n {
            var e = [Double](repeating: 0, count: n)
            e[column] = 1
            let x = solve(e)
            for row in 0..<n { result[row * n + column] = x[row] }
        }
        return result
    }
}
