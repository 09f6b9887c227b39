import NIOCore

/// How long a client may take to send a request, as a server's guard against requests that
/// stall or trickle in (slowloris): the whole request, head and body, within ``base`` of the
/// connection's start or of the previous response's end, plus one second for every
/// ``bytesPerSecond`` bytes of body received, at most ``maximum`` in all. An idle keep-alive
/// connection is therefore closed after ``base`` as well.
///
/// ```swift
/// let deadline = RequestDeadline(base: .seconds(30), bytesPerSecond: 16_384, maximum: .minutes(10))
/// deadline.allowance(bodyBytes: 1_048_576)   // 30 s + 64 s
/// ```
public struct RequestDeadline: Sendable, Hashable {
    /// For the head and a small body: from the connection's start or the last response's end.
    public var base: TimeAmount
    /// The slowest body the deadline waits for: each of these bytes received adds a second.
    public var bytesPerSecond: Int
    /// The longest a request may take, however large its body.
    public var maximum: TimeAmount

    public init(base: TimeAmount, bytesPerSecond: Int, maximum: TimeAmount) {
        self.base = base
        self.bytesPerSecond = max(1, bytesPerSecond)
        self.maximum = max(base, maximum)
    }

    /// The servers' default: 30 s, 16 KiB/s of body (a 10 MiB upload may take 10 minutes and
    /// a half), at most 15 minutes.
    public static let standard = RequestDeadline(base: .seconds(30), bytesPerSecond: 16_384, maximum: .minutes(15))

    /// The time a request with `bodyBytes` of body so far may take in all.
    public func allowance(bodyBytes: Int) -> TimeAmount {
        let extra = TimeAmount.nanoseconds(Int64(Double(bodyBytes) / Double(bytesPerSecond) * 1e9))
        return min(maximum, base + extra)
    }
}
