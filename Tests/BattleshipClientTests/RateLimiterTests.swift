@testable import BattleshipClient
import CurlHTTP
import Foundation
import Synchronization
import Testing

/// Records the order in which tasks got their tokens.
private actor Order {
    var names: [String] = []
    func append(_ name: String) { names.append(name) }
}

/// A time source that stands still until the test moves it.
private final class ManualTime: Sendable {
    private let instant = Mutex(ContinuousClock.now)

    var now: @Sendable () -> ContinuousClock.Instant {
        { [self] in self.instant.withLock { $0 } }
    }

    func advance(by duration: Duration) {
        instant.withLock { $0 += duration }
    }
}

@Suite("RateLimiter", .timeLimit(.minutes(1)))
struct RateLimiterTests {
    @Test("unlimited never waits")
    func unlimited() async throws {
        let limiter = RateLimiter()
        #expect(limiter.requestsPerSecond == nil)
        let start = ContinuousClock.now
        for _ in 0..<10_000 { try await limiter.acquire(.poll) }
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test("it caps the rate: 11 tokens at 20 per second take at least half a second")
    func capsRate() async throws {
        let limiter = RateLimiter(requestsPerSecond: 20)
        let start = ContinuousClock.now
        for _ in 0..<11 { try await limiter.acquire(.poll) }
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(490))
        #expect(elapsed < .seconds(10))
    }

    @Test("when saturated, waiting guesses go before waiting polls, each queue in order")
    func guessesFirst() async throws {
        let time = ManualTime()
        let limiter = RateLimiter(requestsPerSecond: 10, burst: 1, now: time.now)
        try await limiter.acquire(.poll)  // empty the bucket; no time passes until we say so
        let order = Order()
        var tasks: [Task<Void, any Error>] = []
        let arrivals: [(String, RateLimiter.Priority)] = [("poll1", .poll), ("poll2", .poll), ("guess1", .guess), ("poll3", .poll), ("guess2", .guess)]
        for (index, (name, priority)) in arrivals.enumerated() {
            tasks.append(Task {
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
