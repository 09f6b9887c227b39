import BattleshipRules

/// The hidden strengths of a simulated class (``MatchmakingSimulation``), as measured from real
/// bots: the hunt-target bot with a noise knob (`bots/python/noisy_hunt_target_bot.py`), whose
/// students each get a noise drawn uniformly from 0 to 1.
///
/// Measured (docs/scoring.md, "The simulator"): a round robin of nine noise levels, 40 games a
/// pairing, 1,440 games on the embedded server, fitted jointly, relative to noise 0:
/// 0, −15.8, −87.7, −87.7, −177.3, −174.9, −234.6 (noise 0 to 0.6 by 0.1), −422.5 (0.8) and
/// −604.0 (1), each ±39 to ±63; the first mover's advantage 15.6 ± 21.8. The curve is the least
/// squares fit `−194.8·noise − 404.4·noise²` through them (every point within its interval),
/// so strength falls smoothly with noise and the spread is 599 Elo.
public enum TrueStrengths {
    /// The measured levels: noise and Elo.
    public static let measured: [(noise: Double, elo: Double)] = [
        (0, 0), (0.1, -15.8), (0.2, -87.7), (0.3, -87.7), (0.4, -177.3), (0.5, -174.9), (0.6, -234.6), (0.8, -422.5), (1, -604.0),
    ]
    /// The advantage of moving first, in Elo, measured in the same round robin.
    public static let firstMoverAdvantage: Double = 15.6

    /// The Elo of a bot with `noise` (clamped to 0...1), on the fitted curve.
    public static func elo(noise: Double) -> Double {
        let x = min(1, max(0, noise))
        return -194.8 * x - 404.4 * x * x
    }

    /// `count` students' strengths, noise uniform in 0...1.
    public static func draw(_ count: Int, using generator: inout SeededGenerator) -> [Double] {
        (0..<count).map { _ in elo(noise: Double(generator.next() >> 11) / Double(1 << 53)) }
    }
}
