import ServiceLifecycle

/// A service started by ``HTTPService/start(_:options:services:onListening:)``: its group of
/// services, running until ``stop()`` or one of its shutdown signals.
public final class RunningService: Sendable {
    /// The bound port (a free one when 0 was asked for); nil on a Unix socket.
    public let port: Int?
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    init(port: Int?, group: ServiceGroup, task: Task<Void, any Error>) {
        self.port = port
        self.group = group
        self.task = task
    }

    /// Stops gracefully: the service stops accepting connections and answers the requests in
    /// flight, then the other services stop, last first; returns once all have.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }

    /// Waits until the group has stopped (by ``stop()``, a shutdown signal, or a service's
    /// failure); throws the failure.
    public func finished() async throws {
        try await task.value
    }
}
