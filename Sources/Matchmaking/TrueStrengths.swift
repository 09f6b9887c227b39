import BattleshipRules

/// The hidden strengths of a simulated class (``MatchmakingSimulation``), as measured from real
/// bots: the hunt-target bot with a noise knob (`bots/python/noisy_hunt_target_bot.py`), whose
/// students each get a noise drawn uniformly from 0 to 1. The curve below is the joint Elo of
/// nine noise levels from a real round robin (docs/scoring.md, "The simulator": 40 games a
/// pairing, 1,440 games, 2026-12-07), anchored so that noise 0 is 0.
public enum TrueStrengths {
    /// Elo by noise, measured; between two points, the straight line.
    public static let curve: [(noise: Double, elo: Double)] = [
        (0, 0), (0.1, -10), (0.2, -40), (0.3, -70), (0.4, -110), (0.5, -150), (0.6, -200), (0.8, -310), (1, -450),
    ]
    /// The advantage of moving first, in Elo, measured in the same round robin.
    public static let firstMoverAdvantage: Double = 10

    /// The Elo of a bot with `noise`.
    public static func elo(noise: Double) -> Double {
        let clamped = min(1, max(0, noise))
        for (low, high) in zip(curve, curve.dropFirst()) where clamped <= high.noise {
            let t = (clamped - low.noise) / (high.noise - low.noise)
            return low.elo + t * (high.elo - low.elo)
        }
        return curve.last!.elo
    }

    /// `count` students' strengths, noise uniform in 0...1.
    public static func draw(_ count: Int, using generator: inout SeededGenerator) -> [Double] {
        (0..<count).map { _ in elo(noise: Double(generator.next() >> 11) / Double(1 << 53)) }
    }
}
