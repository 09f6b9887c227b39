import DurationUnits

/// A token bucket shared by every game talking to one server: it caps requests per second,
/// serves waiters first come first served, and lets guesses overtake polls when saturated.
///
/// Unlimited by default, and then ``acquire(_:)`` returns at once without touching the
/// actor. Against a shared server, say 20 requests per second:
///
/// ```swift
/// let limiter = RateLimiter(requestsPerSecond: 20)
/// try await limiter.acquire(.guess)  // waits for a token
/// ```
public actor RateLimiter {
    /// Which queue a request waits in; every waiting guess is served before any waiting poll.
    public enum Priority: Sendable, Hashable {
        /// Requests that move a game forward: guesses, and create, join and the reads that
        /// reconcile a guess.
        case guess
        /// Requests that only watch: status polls, lobby lists, details, boards.
        case poll
    }

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// The cap, or nil for no limit.
    public nonisolated let requestsPerSecond: Double?
    /// How many requests may go at once after a quiet spell.
    public nonisolated let burst: Int

    private var tokens: Double
    private var lastRefill: ContinuousClock.Instant
    /// The time source of refills: the continuous clock, or a controlled one in tests.
    private let now: @Sendable () -> ContinuousClock.Instant
    private var guessWaiters: [Waiter] = []
    private var pollWaiters: [Waiter] = []
    private var nextWaiterID: UInt64 = 0
    private var draining = false

    /// A limiter of `requestsPerSecond` (nil or not positive: unlimited) with a bucket of
    /// `burst` tokens.
    public init(requestsPerSecond: Double? = nil, burst: Int = 1) {
        self.init(requestsPerSecond: requestsPerSecond, burst: burst, now: { ContinuousClock.now })
    }

    /// A limiter whose tokens accrue by the time `now` tells; for tests.
    init(requestsPerSecond: Double?, burst: Int, now: @escaping @Sendable () -> ContinuousClock.Instant) {
        self.now = now
        lastRefill = now()
        if let requestsPerSecond, requestsPerSecond > 0 {
            self.requestsPerSecond = requestsPerSecond
        } else {
            self.requestsPerSecond = nil
        }
        self.burst = max(1, burst)
        tokens = Double(max(1, burst))
    }

    /// How many callers are waiting for a token.
    public var waitingCount: Int {
        guessWaiters.count + pollWaiters.count
    }

    /// Waits for a token to send one request.
    ///
    /// - Throws: `CancellationError` if the task is cancelled while waiting; no token is used.
    public nonisolated func acquire(_ priority: Priority) async throws(CancellationError) {
        guard let rate = requestsPerSecond else { return }
        do {
            try await take(priority, rate: rate)
        } catch {
            throw CancellationError()
        }
    }

    private func take(_ priority: Priority, rate: Double) async throws {
        refill(rate: rate)
        if guessWaiters.isEmpty, pollWaiters.isEmpty, tokens >= 1 {
            tokens -= 1
            return
        }
        let id = nextWaiterID
        nextWaiterID += 1
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let waiter = Waiter(id: id, continuation: continuation)
                switch priority {
                case .guess: guessWaiters.append(waiter)
                case .poll: pollWaiters.append(waiter)
                }
                startDraining(rate: rate)
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    private func refill(rate: Double) {
        let instant = now()
        let elapsed = max(.zero, lastRefill.duration(to: instant))
        lastRefill = instant
        tokens = min(Double(burst), tokens + elapsed.seconds * rate)
    }

    private func startDraining(rate: Double) {
        guard !draining else { return }
        draining = true
        Task { await drain(rate: rate) }
    }

    /// Hands out tokens as they accrue, guesses first, until no one waits.
    private func drain(rate: Double) async {
        while !guessWaiters.isEmpty || !pollWaiters.isEmpty {
            refill(rate: rate)
            while tokens >= 1, let waiter = popNextWaiter() {
                tokens -= 1
                waiter.continuation.resume()
            }
            guard !guessWaiters.isEmpty || !pollWaiters.isEmpty else { break }
            let seconds = max(0, 1 - tokens) / rate
            try? await Task.sleep(for: .nanoseconds(Int(seconds * 1e9) + 1))
        }
        draining = false
    }

    private func popNextWaiter() -> Waiter? {
        if !guessWaiters.isEmpty { return guessWaiters.removeFirst() }
        if !pollWaiters.isEmpty { return pollWaiters.removeFirst() }
        return nil
    }

    private func cancelWaiter(_ id: UInt64) {
        if let index = guessWaiters.firstIndex(where: { $0.id == id }) {
            guessWaiters.remove(at: index).continuation.resume(throwing: CancellationError())
        } else if let index = pollWaiters.firstIndex(where: { $0.id == id }) {
            pollWaiters.remove(at: index).continuation.resume(throwing: CancellationError())
        }
    }
}
