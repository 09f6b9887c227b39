extension CurlHTTPClient {
    /// Limits and connection settings of a ``CurlHTTPClient``.
    public struct Configuration: Sendable, Hashable {
        /// The largest response body accepted; a larger one fails with
        /// ``HTTPClientError/responseTooLarge(limit:)``. Default 1 MiB.
        public var maxResponseSize: Int
        /// How many idle connections the client keeps open for reuse (`CURLMOPT_MAXCONNECTS`).
        public var maxIdleConnections: Int
        /// The longest a connection attempt may take, within the request's own deadline.
        public var connectTimeout: Duration
        /// The `User-Agent` sent with every request.
        public var userAgent: String

        /// Settings with the given values; the defaults suit a local or LAN server.
        public init(
            maxResponseSize: Int = 1 << 20,
            maxIdleConnections: Int = 64,
            connectTimeout: Duration = .seconds(10),
            userAgent: String = "salvo"
        ) {
            self.maxResponseSize = maxResponseSize
            self.maxIdleConnections = maxIdleConnections
            self.connectTimeout = connectTimeout
            self.userAgent = userAgent
        }
    }
}
