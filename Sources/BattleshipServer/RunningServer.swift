import ServiceKit

/// A server started in-process by ``SalvoServer/start(_:logger:)``.
public final class RunningServer: Sendable {
    /// The bound address.
    public let host: String
    /// The bound port (a free one when 0 was asked for).
    public let port: Int
    private let service: RunningService
    private let store: GameStore

    init(host: String, port: Int, service: RunningService, store: GameStore) {
        self.host = host
        self.port = port
        self.service = service
        self.store = store
    }

    /// `http://HOST:PORT`, with no trailing slash.
    public var baseURL: String { "http://\(host):\(port)" }

    /// Shuts the server down gracefully (requests in flight are answered) and waits until it
    /// has stopped and every change is in the database.
    public func stop() async {
        await service.stop()
        await store.flush()
    }
}
