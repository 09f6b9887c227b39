/// Which places of the standings are statistical ties: two neighbours are tied when their
/// difference is within its 95% interval (`|r_a − r_b| < 1.96 · sd(r_a − r_b)`, the
/// covariance of the joint fit included), and ties chain: places 3, 4 and 5 are one tie when 3
/// and 4 are, and 4 and 5 are.
public enum RatingTies {
    /// `players` best first by the fit's ratings (a tie broken by index).
    public static func ranked(_ fit: BradleyTerryFit, among players: [Int]) -> [Int] {
        players.sorted { (fit.ratings[$0].value, -$0) > (fit.ratings[$1].value, -$1) }
    }

    /// How many standard deviations of their difference separate `a` above `b` (negative when
    /// `b` is rated higher).
    public static func separation(_ fit: BradleyTerryFit, _ a: Int, _ b: Int) -> Double {
        let variance = fit.covariance(a, a) + fit.covariance(b, b) - 2 * fit.covariance(a, b)
        let difference = fit.ratings[a].value - fit.ratings[b].value
        guard variance > 0 else { return difference > 0 ? .infinity : difference < 0 ? -.infinity : 0 }
        return difference / variance.squareRoot()
    }

    /// For each place of `ranked` (0 = first), the places its tie spans (itself alone when
    /// separated from both neighbours). `ranked` is best first by the fit (``ranked(_:among:)``)
    /// or in any order a table keeps, such as the standings' by score: neighbours are compared
    /// by the size of their separation, whichever of the two is rated higher.
    public static func groups(_ fit: BradleyTerryFit, ranked: [Int]) -> [ClosedRange<Int>] {
        guard !ranked.isEmpty else { return [] }
        var groups: [ClosedRange<Int>] = []
        var start = 0
        for place in 1...ranked.count {
            let separated = place == ranked.count || abs(separation(fit, ranked[place - 1], ranked[place])) >= RatingEstimate.z95
            if separated {
                groups += repeatElement(start...(place - 1), count: place - start)
                start = place
            }
        }
        return groups
    }
}
