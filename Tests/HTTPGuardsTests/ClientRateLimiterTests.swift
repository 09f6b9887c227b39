import HTTPGuards
import NIOCore
import Testing

/// The rate per client address and the request deadline, as pure rules (the servers' tests
/// run them over sockets: StalledRequestTests, ArenaServiceTests).
@Suite("HTTP guards' rules")
struct ClientRateLimiterTests {
    @Test("a burst, then the rate: a refusal says when the next token comes; addresses are counted apart")
    func buckets() {
        var limiter = ClientRateLimiter(perSecond: 2, burst: 3)
        #expect((0..<3).map { _ in limiter.admit("a", at: 0) } == [nil, nil, nil])
        #expect(limiter.admit("a", at: 0) == 0.5)
        #expect(limiter.admit("b", at: 0) == nil, "another address has its own burst")
        // Half a second later one token is back, and only one.
        #expect(limiter.admit("a", at: 0.5) == nil)
        #expect(limiter.admit("a", at: 0.5) == 0.5)
        // Refused requests take nothing: after 10 s the burst is whole again, never more.
        #expect((0..<3).map { _ in limiter.admit("a", at: 10) } == [nil, nil, nil])
        #expect(limiter.admit("a", at: 10) != nil)
    }

    @Test("past its capacity the limiter forgets the addresses whose buckets are full, and never grows past it")
    func capacity() {
        var limiter = ClientRateLimiter(perSecond: 1, burst: 2, capacity: 100)
        for address in 0..<100 { _ = limiter.admit("10.0.0.\(address)", at: 0) }
        #expect(limiter.clientCount == 100)
        // At 5 s every bucket is full again: all forgotten but the newcomer.
        _ = limiter.admit("10.0.1.1", at: 5)
        #expect(limiter.clientCount == 1)
        // Many addresses at once, none full: the table starts afresh rather than grow.
        for address in 0..<250 { _ = limiter.admit("10.1.0.\(address)", at: 6) }
        #expect(limiter.clientCount <= 100)
    }

    @Test("the deadline grows with the body at the minimum rate, up to its maximum")
    func allowance() {
        let deadline = RequestDeadline(base: .seconds(30), bytesPerSecond: 16_384, maximum: .minutes(15))
        #expect(deadline.allowance(bodyBytes: 0) == .seconds(30))
        #expect(deadline.allowance(bodyBytes: 16_384 * 10) == .seconds(40))
        #expect(deadline.allowance(bodyBytes: 1 << 40) == .minutes(15))
        #expect(
            RequestDeadline(base: .seconds(30), bytesPerSecond: 0, maximum: .seconds(1)).maximum == .seconds(30),
            "the maximum is never below the base")
    }
}
