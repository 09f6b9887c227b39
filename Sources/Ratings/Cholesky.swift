import Foundation

/// Cholesky factorization `A = L·Lᵀ` of a dense symmetric positive-definite matrix (row-major).
///
/// Row by row (Cholesky–Banachiewicz), so every inner loop is a dot product of two contiguous
/// rows through unsafe pointers: at 1,000 players a factorization is about 1.7·10⁸
/// multiply-adds. With the fit's other flat loops, 6.0x faster than arrays of arrays at 600
/// players (`benchmarks/rating-fit.sh`, BENCHMARKS.md).
struct Cholesky {
    /// The lower-triangular factor, row-major `dimension × dimension`.
    private(set) var lower: [Double]
    /// The matrix dimension.
    let dimension: Int

    /// Factors `matrix` (row-major, `dimension × dimension`); `nil` when it is not numerically positive definite.
    init?(_ matrix: [Double], dimension n: Int) {
        precondition(matrix.count == n * n)
        self.dimension = n
        var l = [Double](repeating: 0, count: n * n)
        var maxDiagonal = 0.0
        for i in 0..<n { maxDiagonal = max(maxDiagonal, abs(matrix[i * n + i])) }
        let threshold = maxDiagonal * 1e-14
        let positive = l.withUnsafeMutableBufferPointer { l in
            matrix.withUnsafeBufferPointer { a in
                for i in 0..<n {
                    for j in 0...i {
                        let sum = a[i * n + j] - Self.dot(l.baseAddress! + i * n, l.baseAddress! + j * n, count: j)
                        if i == j {
                            guard sum > threshold, sum.isFinite else { return false }
                            l[i * n + i] = sqrt(sum)
                        } else {
                            l[i * n + j] = sum / l[j * n + j]
                        }
                    }
                }
                return true
            }
        }
        guard positive else { return nil }
        lower = l
    }

    /// `Σ x[k]·y[k]` for `k < count`, four sums at once so the loop vectorizes.
    @inline(__always)
    static func dot(_ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, count: Int) -> Double {
        var s0 = 0.0
        var s1 = 0.0
        var s2 = 0.0
        var s3 = 0.0
        var k = 0
        while k + 4 <= count {
            s0 += x[k] * y[k]
            s1 += x[k + 1] * y[k + 1]
            s2 += x[k + 2] * y[k + 2]
            s3 += x[k + 3] * y[k + 3]
            k += 4
        }
        while k < count {
            s0 += x[k] * y[k]
            k += 1
        }
        return (s0 + s1) + (s2 + s3)
    }

    /// Solves `A·x = b`.
    func solve(_ b: [Double]) -> [Double] {
        let n = dimension
        var y = b
        lower.withUnsafeBufferPointer { l in
            for i in 0..<n {
                var sum = y[i]
                for k in 0..<i { sum -= l[i * n + k] * y[k] }
                y[i] = sum / l[i * n + i]
            }
            for i in stride(from: n - 1, through: 0, by: -1) {
                var sum = y[i]
                for k in (i + 1)..<n { sum -= l[k * n + i] * y[k] }
                y[i] = sum / l[i * n + i]
            }
        }
        return y
    }

    /// `L⁻¹`, lower-triangular, row-major, so that `A⁻¹ = (L⁻¹)ᵀ·L⁻¹`: row `i` is
    /// `(e_i − Σ_{k<i} L[i][k]·row_k) / L[i][i]`, each term a contiguous multiply-add.
    func inverseFactor() -> [Double] {
        let n = dimension
        var m = [Double](repeating: 0, count: n * n)
        m.withUnsafeMutableBufferPointer { m in
            lower.withUnsafeBufferPointer { l in
                let base = m.baseAddress!
                for i in 0..<n {
                    let row = base + i * n
                    for k in 0..<i {
                        let factor = l[i * n + k]
                        if factor == 0 { continue }
                        let other = base + k * n
                        for c in 0...k { row[c] -= factor * other[c] }
                    }
                    row[i] += 1
                    let pivot = 1 / l[i * n + i]
                    for c in 0...i { row[c] *= pivot }
                }
            }
        }
        return m
    }

    /// The inverse `A⁻¹`, row-major.
    func inverse() -> [Double] {
        let n = dimension
        let m = inverseFactor()
        var result = [Double](repeating: 0, count: n * n)
        for row in 0..<n {
            for column in 0..<n {
                var sum = 0.0
                for k in max(row, column)..<n { sum += m[k * n + row] * m[k * n + column] }
                result[row * n + column] = sum
            }
        }
        return result
    }
}
