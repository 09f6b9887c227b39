/// Kendall's rank correlation of two orders of the same items (τ-a: concordant minus discordant
/// pairs over all pairs), 1 for the same order, −1 for the reverse.
public enum KendallTau {
    /// τ between `estimated` and `truth`, both keyed by item (higher is better); ties count as neither.
    public static func tau(_ estimated: [Double], _ truth: [Double]) -> Double {
        precondition(estimated.count == truth.count)
        let n = estimated.count
        guard n > 1 else { return 1 }
        var score = 0
        for i in 0..<n {
            for j in (i + 1)..<n {
                let product = (estimated[i] - estimated[j]) * (truth[i] - truth[j])
                score += product > 0 ? 1 : (product < 0 ? -1 : 0)
            }
        }
        return Double(score) / Double(n * (n - 1) / 2)
    }
}
