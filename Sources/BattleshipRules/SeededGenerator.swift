/// A small, fast, seedable random number generator (SplitMix64).
///
/// Its output is fixed by its seed and the algorithm alone, so seeded fleets and bot
/// choices are the same on every machine and every Swift version.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Starts the sequence for `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension RandomNumberGenerator {
    /// A uniform integer in `0..<bound` by Lemire's multiply-and-reject method. Unlike the
    /// standard library's `Int.random(in:using:)`, its algorithm is fixed here, so a seeded
    /// generator gives the same numbers everywhere.
    public mutating func uniform(below bound: Int) -> Int {
        precondition(bound > 0, "uniform(below:) needs a positive bound")
        let range = UInt64(bound)
        var product = next().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold {
                product = next().multipliedFullWidth(by: range)
            }
        }
        return Int(product.high)
    }
}
