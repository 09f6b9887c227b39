import BattleshipRules
import DurationUnits

/// When to try a failed request again: a bounded number of attempts with exponential
/// backoff and jitter, within a total time budget.
///
/// A pure value: the jitter comes from the generator passed in, so a seeded generator
/// gives the same delays every time.
///
/// ```swift
/// var random = SeededGenerator(seed: 1)
/// let policy = RetryPolicy(maxAttempts: 4, baseDelay: .milliseconds(100))
/// policy.nextDelay(afterFailedAttempts: 1, elapsed: .milliseconds(30), using: &random)
/// // between 50 and 100 ms; nil once 4 attempts failed or the budget is spent
/// ```
public struct RetryPolicy: Sendable, Hashable {
    /// The most attempts in all, the first included; 1 means never retry.
    public var maxAttempts: Int
    /// The backoff ceiling before the first retry; it doubles for each later retry.
    public var baseDelay: Duration
    /// The largest backoff ceiling.
    public var maxDelay: Duration
    /// No retry starts later than this after the first attempt started.
    public var totalBudget: Duration

    /// A policy with the given bounds; the defaults are ``standard``.
    public init(
        maxAttempts: Int = 4,
        baseDelay: Duration = .milliseconds(100),
        maxDelay: Duration = .seconds(2),
        totalBudget: Duration = .seconds(10)
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.totalBudget = totalBudget
    }

    /// Four attempts, 100 ms doubling to at most 2 s, within 10 s.
    public static let standard = RetryPolicy()

    /// One attempt only.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// The backoff ceiling before retry number `retry` (1 for the first retry):
    /// `baseDelay * 2^(retry - 1)`, at most `maxDelay`.
    public func ceiling(beforeRetry retry: Int) -> Duration {
        var ceiling = baseDelay
        var doublings = max(0, retry - 1)
        while doublings > 0, ceiling < maxDelay {
            ceiling *= 2
            doublings -= 1
        }
        return min(ceiling, maxDelay)
    }

    /// The wait before retry number `retry`: half the ceiling plus a uniformly random part
    /// of the other half ("equal jitter"), so retries of many clients spread out but none
    /// comes back at once.
    public func delay(beforeRetry retry: Int, using generator: inout some RandomNumberGenerator) -> Duration {
        let ceilingNanoseconds = Int(ceiling(beforeRetry: retry).wholeNanoseconds)
        let half = ceilingNanoseconds / 2
        let jitter = ceilingNanoseconds - half > 0 ? generator.uniform(below: ceilingNanoseconds - half + 1) : 0
        return .nanoseconds(half + jitter)
    }

    /// The wait before the next attempt, after `failedAttempts` attempts failed and
    /// `elapsed` passed since the first began; nil to give up, when no attempt is left or
    /// the wait would end past ``totalBudget``.
    public func nextDelay(
        afterFailedAttempts failedAttempts: Int,
        elapsed: Duration,
        using generator: inout some RandomNumberGenerator
    ) -> Duration? {
        guard failedAttempts < maxAttempts else { return nil }
        let wait = delay(beforeRetry: failedAttempts, using: &generator)
        guard elapsed + wait <= totalBudget else { return nil }
        return wait
    }
}
