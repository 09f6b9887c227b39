import Ratings

/// The settle step's rounds (`salvo arena settle`, docs/scoring.md): after the deadline,
/// every two neighbours in the standings whose difference is not significant at 95% play a
/// pairing, round after round, until every neighbour is separated or the games run out.
public enum SettlePairing {
    /// The next round: a pairing for each unseparated neighbour pair of `ranked` (players best
    /// first, as ``RatingTies/ranked(_:among:)`` orders them), at most `gamesLeft / 2` of them,
    /// those nearest to separation first (so a small budget goes where it decides something).
    public static func nextRound(_ fit: BradleyTerryFit, ranked: [Int], gamesLeft: Int) -> [Pairing] {
        var candidates: [(pairing: Pairing, z: Double)] = []
        for (upper, lower) in zip(ranked, ranked.dropFirst()) {
            let z = RatingTies.separation(fit, upper, lower)
            if z < RatingEstimate.z95 { candidates.append((Pairing(upper, lower), z)) }
        }
        let room = max(0, gamesLeft / 2)
        guard candidates.count > room else { return candidates.map(\.pairing) }
        return candidates.sorted { $0.z > $1.z }.prefix(room).map(\.pairing)
    }
}
