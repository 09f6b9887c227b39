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

        /// Settings with the given values: 5 s per attempt and ``RetryPolicy/standard`` by default.
        public init(
            requestTimeout: Duration = .seconds(5),
            retryPolicy: RetryPolicy = .standard,
            jitterSeed: UInt64? = nil
        ) {
            self.requestTimeout = requestTimeout
            self.retryPolicy = retryPolicy
            self.jitterSeed = jitterSeed
        }
    }
}
