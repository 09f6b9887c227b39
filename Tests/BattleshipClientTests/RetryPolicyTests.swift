import BattleshipClient
import BattleshipRules
import Testing

/// Always the largest value, so `uniform(below: n)` is `n - 1` and the jitter is at its top.
/// (It has a stored property because ThreadSanitizer crashes on `inout` access to an empty struct.)
private struct TopGenerator: RandomNumberGenerator {
    var calls = 0
    mutating func next() -> UInt64 {
        calls += 1
        return .max
    }
}

@Suite("RetryPolicy", .timeLimit(.minutes(3)))
struct RetryPolicyTests {
    let policy = RetryPolicy(maxAttempts: 4, baseDelay: .milliseconds(100), maxDelay: .seconds(1), totalBudget: .seconds(2))

    @Test("the backoff ceiling doubles per retry up to the maximum")
    func ceilingDoubles() {
        let ceilings = (1...6).map { policy.ceiling(beforeRetry: $0) }
        #expect(ceilings == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .seconds(1), .seconds(1)])
    }

    @Test("the delay lies between half the ceiling and the ceiling")
    func delayWithinBounds() {
        var random = SeededGenerator(seed: 42)
        for retry in 1...6 {
            for _ in 0..<100 {
                let delay = policy.delay(beforeRetry: retry, using: &random)
                let ceiling = policy.ceiling(beforeRetry: retry)
                #expect(delay >= ceiling / 2 && delay <= ceiling)
            }
        }
    }

    @Test("the jitter comes from the generator alone")
    func jitterIsSeeded() {
        var first = SeededGenerator(seed: 9)
        var second = SeededGenerator(seed: 9)
        let a = (1...5).map { policy.delay(beforeRetry: $0, using: &first) }
        let b = (1...5).map { policy.delay(beforeRetry: $0, using: &second) }
        #expect(a == b)
        var top = TopGenerator()
        #expect(policy.delay(beforeRetry: 3, using: &top) == .milliseconds(400))
    }

    @Test("it gives up after the last attempt")
    func boundedAttempts() {
        var top = TopGenerator()
        #expect(policy.nextDelay(afterFailedAttempts: 1, elapsed: .zero, using: &top) == .milliseconds(100))
        #expect(policy.nextDelay(afterFailedAttempts: 3, elapsed: .zero, using: &top) == .milliseconds(400))
        #expect(policy.nextDelay(afterFailedAttempts: 4, elapsed: .zero, using: &top) == nil)
        #expect(RetryPolicy.never.nextDelay(afterFailedAttempts: 1, elapsed: .zero, using: &top) == nil)
    }

    @Test("it gives up when the wait would end past the total budget")
    func boundedTime() {
        var top = TopGenerator()
        #expect(policy.nextDelay(afterFailedAttempts: 2, elapsed: .milliseconds(1_800), using: &top) == .milliseconds(200))
        #expect(policy.nextDelay(afterFailedAttempts: 2, elapsed: .milliseconds(1_801), using: &top) == nil)
    }
}
