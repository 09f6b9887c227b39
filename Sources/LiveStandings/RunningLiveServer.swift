import ServiceKit

/// A live server started by ``LiveServer/start(hub:host:port:logger:)``.
public final class RunningLiveServer: Sendable {
    public let host: String
    /// The bound port (a free one when 0 was asked for).
    public let port: Int
    private let hub: LiveHub
    private let service: RunningService

    init(host: String, port: Int, hub: LiveHub, service: RunningService) {
        self.host = host
        self.port = port
        self.hub = hub
        self.service = service
    }

    /// `http://HOST:PORT/`, brackets around an IPv6 address.
    public var url: String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return "http://\(shown):\(port)/"
    }

    /// Ends the event streams (browsers see the stream close and try to reconnect), then
    /// stops listening, answers the requests in flight and waits until the server has stopped.
    public func stop() async {
        hub.close()
        await service.stop()
    }
}
