extension BattleshipAPIClient {
    /// Timeouts and retries of a ``BattleshipAPIClient``.
    public struct Configuration: Sendable, Hashable {
        /// The deadline of each single attempt, counted from when it is sent (after any wait
        /// for the rate limiter).
        public var requestTimeout: Duration
        /// How list, detail, status and board are retried, how often a guess that certainly
        /// did not land is re-sent, and how create and join are re-sent when the server could
        /// not be reached at all.
        public var retryPolicy: RetryPolicy
        /// Seeds the retry jitter; nil picks a random seed.
        public var jitterSeed: UInt64?
        /// Whether create, join and guess may go over a reused keep-alive connection. Off by
        /// default: libcurl silently re-sends a request whose reused connection turns out dead,
        /// and a guess sent twice forfeits a game on the reference server. Safe to turn on
        /// against Salvo's own server on loopback, which refuses a repeated guess without harm
        /// and does not close idle connections; it saves a TCP connection per guess.
        public var reuseConnectionsForWrites: Bool

        /// Settings with the given values: 5 s per attempt and ``RetryPolicy/standard`` by default.
        public init(
            requestTimeout: Duration = .seconds(5),
            retryPolicy: RetryPolicy = .standard,
            jitterSeed: UInt64? = nil,
            reuseConnectionsForWrites: Bool = false
        ) {
            self.requestTimeout = requestTimeout
            self.retryPolicy = retryPolicy
            self.jitterSeed = jitterSeed
            self.reuseConnectionsForWrites = reuseConnectionsForWrites
        }
    }
}
