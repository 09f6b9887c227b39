import HTTPGuards
import Hummingbird
import Logging
import NIOCore

extension HTTPService {
    /// Where a service listens and what it holds its connections to.
    public struct Options: Sendable {
        /// A host and port (0: any free one), or a Unix socket's path.
        public var address: BindAddress
        /// The `Server` header of every reply.
        public var serverName: String
        /// How long a client may take to send each request, from the connection's start or the
        /// last reply's end (a stalled or trickling request, or an idle keep-alive connection,
        /// is closed after it); nil for no deadline.
        public var requestDeadline: RequestDeadline?
        /// How long a connection may send nothing before it is closed; nil for no limit but the deadline.
        public var idleTimeout: TimeAmount?
        /// Connections open at once, past which the service stops accepting until one closes; nil for no limit.
        public var maximumConnections: Int?
        /// Whether SIGINT and SIGTERM stop the service gracefully, as a Hummingbird application's
        /// `runService()` does: for one run in the foreground (`salvo serve`); not for a service
        /// started inside another command, which decides what Ctrl-C means.
        public var stopsOnSignals: Bool
        public var logger: Logger

        public init(
            address: BindAddress, serverName: String, requestDeadline: RequestDeadline? = .standard, idleTimeout: TimeAmount? = nil,
            maximumConnections: Int? = nil, stopsOnSignals: Bool = false, logger: Logger = Logger(label: "salvo.http")
        ) {
            self.address = address
            self.serverName = serverName
            self.requestDeadline = requestDeadline
            self.idleTimeout = idleTimeout
            self.maximumConnections = maximumConnections
            self.stopsOnSignals = stopsOnSignals
            self.logger = logger
        }
    }
}
