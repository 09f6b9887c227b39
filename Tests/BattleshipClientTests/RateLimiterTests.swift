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
        // The next token comes in 500 ms: time enough to queue all five.
        let limiter = RateLimiter(requestsPerSecond: 2)
        try await limiter.acquire(.poll)  // empty the bucket
        let order = Order()
        var tasks: [Task<Void, any Error>] = []
        let arrivals: [(String, RateLimiter.Priority)] = [("poll1", .poll), ("poll2", .poll), ("guess1", .guess), ("poll3", .poll), ("guess2", .guess)]
        for (index, (name, priority)) in arrivals.enumerated() {
            tasks.append(Task {
                try await limiter.acquire(priority)
                await order.append(name)
            })
            while await limiter.waitingCount < index + 1 { await Task.yield() }
        }
        for task in tasks { try await task.value }
        #expect(await order.names == ["guess1", "guess2", "poll1", "poll2", "poll3"])
    }

    @Test("a cancelled waiter gets CancellationError, leaves the queue and uses no token")
    func cancelledWaiter() async throws {
        let limiter = RateLimiter(requestsPerSecond: 2)
        try await limiter.acquire(.poll)
        let start = ContinuousClock.now
        let waiter = Task { try await limiter.acquire(.poll) }
        while await limiter.waitingCount < 1 { await Task.yield() }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(await limiter.waitingCount == 0)
        // The token due 500 ms after the first goes to the next caller, not to the cancelled one.
        try await limiter.acquire(.guess)
        #expect(ContinuousClock.now - start < .milliseconds(900))
    }
}
