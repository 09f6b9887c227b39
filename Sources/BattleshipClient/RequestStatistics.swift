/// What a client's requests cost: how many were sent, how many failed, and their latency
/// (from sending to the full reply, without any wait for the rate limiter).
public struct RequestStatistics: Sendable, Hashable, Codable {
    /// Requests sent, including failed ones and retries.
    public var requests = 0
    /// Requests that got no usable reply (transport errors and 5xx).
    public var failures = 0
    /// The sum and the maximum of the requests' latencies, in milliseconds.
    public var totalMilliseconds = 0.0
    public var maxMilliseconds = 0.0

    public init() {}

    /// The mean latency in milliseconds, or 0 before any request.
    public var meanMilliseconds: Double { requests == 0 ? 0 : totalMilliseconds / Double(requests) }

    mutating func add(milliseconds: Double, failed: Bool) {
        requests += 1
        if failed { failures += 1 }
        totalMilliseconds += milliseconds
        maxMilliseconds = max(maxMilliseconds, milliseconds)
    }
}
