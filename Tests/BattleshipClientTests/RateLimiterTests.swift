import CurlHTTP
import Foundation
import Synchronization
import Testing

@testable import BattleshipClient

/// Records the order in which tasks got their tokens.
private actor Order {
    var names: [String] = []
    func append(_ name: String) { names.append(name) }
}

/// How many tokens a task was granted so far.
private final class Counter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }

    /// A task that takes `tokens` polls' tokens from `limiter` one after another, and its count.
    static func acquiring(_ tokens: Int, from limiter: RateLimiter) -> (Counter, Task<Void, any Error>) {
        let granted = Counter()
        let task = Task {
            for _ in 0..<tokens {
                try await limiter.acquire(.poll)
                granted.increment()
            }
        }
        return (granted, task)
    }
}

@Suite("RateLimiter", .timeLimit(.minutes(3)))
struct RateLimiterTests {
    @Test("unlimited never waits: 10,000 acquires go through while its clock stands still")
    func unlimited() async throws {
        let time = ManualTime()
        let limiter = RateLimiter(requestsPerSecond: nil, burst: 1, now: time.now)
        #expect(limiter.requestsPerSecond == nil)
        let (granted, acquirer) = Counter.acquiring(10_000, from: limiter)
        // No time passes, so a limiter that waited would leave a waiter queued for good.
        #expect(
            try await eventually {
                let waiting = await limiter.waitingCount
                return granted.value == 10_000 || waiting > 0
            })
        #expect(granted.value == 10_000)
        #expect(await limiter.waitingCount == 0)
        acquirer.cancel()
    }

    @Test("it caps the rate: at 20 per second each 50 ms of its clock lets exactly one more request go")
    func capsRate() async throws {
        let time = ManualTime()
        let limiter = RateLimiter(requestsPerSecond: 20, burst: 1, now: time.now)
        let (granted, acquirer) = Counter.acquiring(11, from: limiter)
        // The bucket's one token goes at once; the next request waits while the clock stands still.
        #expect(
            try await eventually {
                let waiting = await limiter.waitingCount
                return granted.value == 1 && waiting == 1
            })
        for step in 1...10 {
            time.advance(by: .milliseconds(50))
            // Exactly one more: the next request is waiting again (or the last one is through).
            let reached = try await eventually {
                let waiting = await limiter.waitingCount
                return granted.value == 1 + step && (step == 10 || waiting == 1)
            }
            #expect(reached, "step \(step): \(granted.value) granted")
        }
        try await acquirer.value
        #expect(granted.value == 11)
    }

    @Test("when saturated, waiting guesses go before waiting polls, each queue in order")
    func guessesFirst() async throws {
        let time = ManualTime()
        let limiter = RateLimiter(requestsPerSecond: 10, burst: 1, now: time.now)
        try await limiter.acquire(.poll)  // empty the bucket; no time passes until we say so
        let order = Order()
        var tasks: [Task<Void, any Error>] = []
        let arrivals: [(String, RateLimiter.Priority)] = [
            ("poll1", .poll), ("poll2", .poll), ("guess1", .guess), ("poll3", .poll), ("guess2", .guess),
        ]
        for (index, (name, priority)) in arrivals.enumerated() {
            tasks.append(
                Task {
                    try await limiter.acquire(priority)
                    await order.append(name)
                })
            try #require(try await eventually { await limiter.waitingCount == index + 1 })
        }
        for granted in 1...arrivals.count {
            time.advance(by: .milliseconds(100))
            try #require(try await eventually { await order.names.count == granted })
        }
        for task in tasks { try await task.value }
        #expect(await order.names == ["guess1", "guess2", "poll1", "poll2", "poll3"])
    }

    @Test("a cancelled waiter gets CancellationError, leaves the queue and uses no token")
    func cancelledWaiter() async throws {
        let time = ManualTime()
        let limiter = RateLimiter(requestsPerSecond: 1, burst: 1, now: time.now)
        try await limiter.acquire(.poll)
        let waiter = Task { try await limiter.acquire(.poll) }
        try #require(try await eventually { await limiter.waitingCount == 1 })
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(await limiter.waitingCount == 0)
        // The next token goes to the next caller, and there is only one.
        time.advance(by: .seconds(1))
        try await limiter.acquire(.guess)
        let late = Task { try await limiter.acquire(.poll) }
        try #require(try await eventually { await limiter.waitingCount == 1 })
        time.advance(by: .seconds(1))
        try await late.value
        #expect(await limiter.waitingCount == 0)
    }
}
