import ServiceLifecycle

/// A live server started by ``LiveServer/start(hub:host:port:logger:)``.
public final class RunningLiveServer: Sendable {
    public let host: String
    /// The bound port (a free one when 0 was asked for).
    public let port: Int
    private let hub: LiveHub
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    init(host: String, port: Int, hub: LiveHub, group: ServiceGroup, task: Task<Void, any Error>) {
        self.host = host
        self.port = port
        self.hub = hub
        self.group = group
        self.task = task
    }

    /// `http://HOST:PORT/`, brackets around an IPv6 address.
    public var url: String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return "http://\(shown):\(port)/"
    }

    /// Ends the event streams (browsers see the stream close and try to reconnect), then
    /// stops listening and waits until the server has stopped.
    public func stop() async {
        hub.close()
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }
}
