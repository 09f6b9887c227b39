/// Requests per client (an address, or a key such as a token's hash), as token buckets: each
/// may send `burst` requests at once, then `perSecond` a second. Pure: the caller gives the
/// time, in seconds from any fixed origin, and keeps the limiter behind a lock.
///
/// ```swift
/// var limiter = ClientRateLimiter(perSecond: 10, burst: 20)
/// limiter.admit("203.0.113.7", at: 0)     // nil: admitted
/// // … 20 more at once …
/// limiter.admit("203.0.113.7", at: 0)     // 0.1: refused; a token in 0.1 s
/// ```
public struct ClientRateLimiter: Sendable {
    public let perSecond: Double
    public let burst: Double
    /// Each address's tokens and when they were counted.
    private var buckets: [String: (tokens: Double, at: Double)] = [:]
    /// The most addresses kept: past it, those whose buckets are full again are dropped.
    private let capacity: Int

    public init(perSecond: Double, burst: Int, capacity: Int = 65_536) {
        self.perSecond = max(perSecond, 1e-9)
        self.burst = Double(max(1, burst))
        self.capacity = capacity
    }

    /// Takes a token for `client` at `now`: nil when admitted, else the seconds until it may
    /// send again.
    public mutating func admit(_ client: String, at now: Double) -> Double? {
        if buckets.count >= capacity {
            forgetFull(at: now)
            // Still full (as many addresses at once): start afresh rather than grow.
            if buckets.count >= capacity { buckets.removeAll(keepingCapacity: true) }
        }
        var bucket = buckets[client] ?? (burst, now)
        bucket.tokens = min(burst, bucket.tokens + max(0, now - bucket.at) * perSecond)
        bucket.at = now
        defer { buckets[client] = bucket }
        guard bucket.tokens >= 1 else { return (1 - bucket.tokens) / perSecond }
        bucket.tokens -= 1
        return nil
    }

    /// The addresses counted (for tests and the status page).
    public var clientCount: Int { buckets.count }

    /// Drops the buckets that have filled up again since: they are as if never seen.
    private mutating func forgetFull(at now: Double) {
        let burst = burst
        let perSecond = perSecond
        buckets = buckets.filter { _, bucket in bucket.tokens + (now - bucket.at) * perSecond < burst }
    }
}
