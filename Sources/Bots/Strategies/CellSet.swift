/// A set of cells of the 10x10 grid as a 100-bit mask (cell index `y * 10 + x`).
struct CellSet: Hashable, Sendable {
    var low: UInt64
    var high: UInt64

    static let empty = CellSet(low: 0, high: 0)

    init(low: UInt64 = 0, high: UInt64 = 0) {
        self.low = low
        self.high = high
    }

    @inline(__always) func contains(_ index: Int) -> Bool {
        index < 64 ? (low >> UInt64(index)) & 1 != 0 : (high >> UInt64(index - 64)) & 1 != 0
    }

    @inline(__always) mutating func insert(_ index: Int) {
        if index < 64 { low |= 1 << UInt64(index) } else { high |= 1 << UInt64(index - 64) }
    }

    @inline(__always) mutating func remove(_ index: Int) {
        if index < 64 { low &= ~(1 << UInt64(index)) } else { high &= ~(1 << UInt64(index - 64)) }
    }

    @inline(__always) func intersects(_ other: CellSet) -> Bool {
        (low & other.low) | (high & other.high) != 0
    }

    @inline(__always) func intersection(_ other: CellSet) -> CellSet {
        CellSet(low: low & other.low, high: high & other.high)
    }

    @inline(__always) func union(_ other: CellSet) -> CellSet {
        CellSet(low: low | other.low, high: high | other.high)
    }

    @inline(__always) func subtracting(_ other: CellSet) -> CellSet {
        CellSet(low: low & ~other.low, high: high & ~other.high)
    }

    @inline(__always) func isSubset(of other: CellSet) -> Bool {
        (low & ~other.low) | (high & ~other.high) == 0
    }

    var isEmpty: Bool { low | high == 0 }

    var count: Int { low.nonzeroBitCount + high.nonzeroBitCount }

    /// The cell indices in increasing order.
    var indices: [Int] {
        var result: [Int] = []
        var bits = low
        while bits != 0 {
            result.append(bits.trailingZeroBitCount)
            bits &= bits - 1
        }
        bits = high
        while bits != 0 {
            result.append(64 + bits.trailingZeroBitCount)
            bits &= bits - 1
        }
        return result
    }
}
