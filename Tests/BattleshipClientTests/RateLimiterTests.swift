import BattleshipClient
import Foundation
import Testing

/// Records the order in which tasks got their tokens.
private actor Order {
    var names: [String] = []
    func append(_ name: String) { names.append(name) }
}

@Suite("RateLimiter", .timeLimit(.minutes(1)))
struct RateLimiterTests {
    @Test("unlimited never waits")
    func unlimited() async throws {
        let limiter = RateLimiter()
        #expect(limiter.requestsPerSecond == nil)
        let start = ContinuousClock.now
        for _ in 0..<10_000 { try await limiter.acquire(.poll) }
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test("it caps the rate: 11 tokens at 20 per second take half a second")
    func capsRate() async throws {
        let limiter = RateLimiter(requestsPerSecond: 20)
        let start = ContinuousClock.now
        for _ in 0..<11 { try await limiter.acquire(.poll) }
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(490))
        #expect(elapsed < .milliseconds(1_500))
    }

    @Test("when saturated, waiting guesses go before waiting polls, each queue in order")
    func guessesFirst() async throws {
        let limiter = RateLimiter(requestsPerSecond: 10)
        try await limiter.acquire(.poll)  // empty the bucket
        let order = Order()
        var tasks: [Task<Void, any Error>] = []
        for (name, priority) in [("poll1", RateLimiter.Priority.poll), ("poll2", .poll), ("guess1", .guess), ("poll3", .poll), ("guess2", .guess)] {
            tasks.append(Task {
                try await limiter.acquire(priority)
                await order.append(name)
            })
            try await Task.sleep(for: .milliseconds(5))
        }
        for task in tasks { try await task.value }
        #expect(await order.names == ["guess1", "guess2", "poll1", "poll2", "poll3"])
    }

    @Test("a cancelled waiter gets CancellationError and uses no token")
    func cancelledWaiter() async throws {
        let limiter = RateLimiter(requestsPerSecond: 5)
        try await limiter.acquire(.poll)
        let waiter = Task { try await limiter.acquire(.poll) }
        try await Task.sleep(for: .milliseconds(20))
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        // The token that accrues next goes to the next caller, in about 200 ms.
        let start = ContinuousClock.now
        try await limiter.acquire(.guess)
        #expect(ContinuousClock.now - start < .milliseconds(300))
    }
}
