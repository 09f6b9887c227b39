import Foundation

@testable import Ratings

/// ln(10)/400, the logistic scale of one Elo point (written out here, independently of the library).
let eloScale = log(10.0) / 400

/// The logistic function 1/(1 + e^(-x)).
func logistic(_ x: Double) -> Double { 1 / (1 + exp(-x)) }

/// `count` games of `first` against `second`, `wins` of them won by `first`.
func games(_ first: Int, _ second: Int, wins: Int, of count: Int, firstMovedFirst: Bool) -> [RatedGame] {
    (0..<count).map { RatedGame(first: first, second: second, firstMovedFirst: firstMovedFirst, score: $0 < wins ? 1 : 0) }
}

/// Root of an increasing or decreasing continuous `f` on `[low, high]` by bisection.
func bisect(_ low: Double, _ high: Double, _ f: (Double) -> Double) -> Double {
    var low = low
    var high = high
    let increasing = f(high) > f(low)
    for _ in 0..<200 {
        let mid = (low + high) / 2
        if (f(mid) < 0) == increasing { low = mid } else { high = mid }
    }
    return (low + high) / 2
}

/// A deterministic pseudo-random data set: 4 players of true strengths 0, 60, 120, 250 Elo,
/// 30 games per pair with alternating first mover, results drawn from a linear congruential generator.
func sampleGames() -> [RatedGame] {
    let strengths: [Double] = [0, 60, 120, 250]
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
    var result: [RatedGame] = []
    for i in 0..<4 {
        for j in (i + 1)..<4 {
            for g in 0..<30 {
                let firstMovedFirst = g % 2 == 0
                let edge = strengths[i] - strengths[j] + (firstMovedFirst ? 35 : -35)
                let p = 1 / (1 + pow(10, -edge / 400))
                result.append(RatedGame(first: i, second: j, firstMovedFirst: firstMovedFirst, score: next() < p ? 1 : 0))
            }
        }
    }
    return result
}
