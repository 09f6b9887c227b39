// Side by side: Salvo's own DeadlineHeap (the module the client's WakeTimer and the bots'
// BotEventLoop had, copied in by benchmarks/heap.sh) against swift-collections' `Heap`, used
// as BotEventLoop now uses it (an entry of deadline and wait id, compared by the deadline alone),
// and the variant not kept (ordered by deadline, then id).
// The job both timers give a heap: a steady number of waits, the earliest taken out and a new
// one put in at a later deadline, over and over. Rounds rotate which side goes first; prints
// each side's median time per pop and push, and the medians of the per-round ratios to own,
// for 8, 64 and 1,024 waits.
// Usage: HeapBench [rounds] [operations]
import Foundation
import HeapModule

let arguments = CommandLine.arguments
let rounds = arguments.count > 1 ? Int(arguments[1]) ?? 15 : 15
let operations = arguments.count > 2 ? Int(arguments[2]) ?? 2_000_000 : 2_000_000

/// SplitMix64, so every run uses the same deadlines.
struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// How far ahead each new deadline is: 1 µs to 1 ms, in nanoseconds.
var random = SplitMix(state: 2026)
let delays: [UInt64] = (0..<4096).map { _ in 1_000 + random.next() % 1_000_000 }

/// BotEventLoop's entry: compared by the deadline alone.
struct Timeout: Comparable {
    let deadline: UInt64
    let id: UInt64
    static func < (lhs: Timeout, rhs: Timeout) -> Bool { lhs.deadline < rhs.deadline }
    static func == (lhs: Timeout, rhs: Timeout) -> Bool { lhs.deadline == rhs.deadline }
}

/// The variant not kept: ordered by deadline, then by the wait's id.
struct TiedTimeout: Comparable {
    let deadline: UInt64
    let id: UInt64
    static func < (lhs: TiedTimeout, rhs: TiedTimeout) -> Bool { (lhs.deadline, lhs.id) < (rhs.deadline, rhs.id) }
}

@inline(never)
func own(waits: Int) -> UInt64 {
    var heap = DeadlineHeap<UInt64, UInt64>()
    for index in 0..<waits { heap.push(delays[index % delays.count], UInt64(index)) }
    var sum: UInt64 = 0
    for index in 0..<operations {
        guard let first = heap.popFirst() else { break }
        sum &+= first.value
        heap.push(first.deadline &+ delays[index % delays.count], UInt64(index))
    }
    return sum
}

@inline(never)
func library(waits: Int) -> UInt64 {
    var heap = Heap<Timeout>()
    for index in 0..<waits { heap.insert(Timeout(deadline: delays[index % delays.count], id: UInt64(index))) }
    var sum: UInt64 = 0
    for index in 0..<operations {
        guard let first = heap.popMin() else { break }
        sum &+= first.id
        heap.insert(Timeout(deadline: first.deadline &+ delays[index % delays.count], id: UInt64(index)))
    }
    return sum
}

@inline(never)
func libraryTied(waits: Int) -> UInt64 {
    var heap = Heap<TiedTimeout>()
    for index in 0..<waits { heap.insert(TiedTimeout(deadline: delays[index % delays.count], id: UInt64(index))) }
    var sum: UInt64 = 0
    for index in 0..<operations {
        guard let first = heap.popMin() else { break }
        sum &+= first.id
        heap.insert(TiedTimeout(deadline: first.deadline &+ delays[index % delays.count], id: UInt64(index)))
    }
    return sum
}

/// Nanoseconds per pop and push of one side.
func time(_ body: () -> UInt64) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    let sum = body()
    let elapsed = DispatchTime.now().uptimeNanoseconds - start
    if sum == 42 { print("") }  // keeps the result alive
    return Double(elapsed) / Double(operations)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

for waits in [8, 64, 1024] {
    var owns: [Double] = [], libraries: [Double] = [], tied: [Double] = [], ratios: [Double] = [], tiedRatios: [Double] = []
    for round in 0..<rounds {
        var o = 0.0, l = 0.0, t = 0.0
        // Each round runs the three in another order.
        let order = [[0, 1, 2], [1, 2, 0], [2, 0, 1]][round % 3]
        for side in order {
            switch side {
            case 0: o = time { own(waits: waits) }
            case 1: l = time { library(waits: waits) }
            default: t = time { libraryTied(waits: waits) }
            }
        }
        owns.append(o); libraries.append(l); tied.append(t); ratios.append(l / o); tiedRatios.append(t / o)
    }
    print(String(
        format: "%5d waits: own %.1f ns, Heap %.1f ns, Heap with a tie-break %.1f ns per pop and push; Heap/own %.2f, tie-break/own %.2f (medians of %d rounds)",
        waits, median(owns), median(libraries), median(tied), median(ratios), median(tiedRatios), rounds))
}
