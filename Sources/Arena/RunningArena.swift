import RunControl
import ServiceKit

/// An arena started by ``ArenaServer/start(folder:settings:host:port:socket:launcher:sandboxDisabled:clock:log:logger:)``.
public final class RunningArena: Sendable {
    public let host: String
    /// The bound port (a free one when 0 was asked for).
    public let port: Int
    /// The Unix socket it serves on instead, when it does.
    public let socket: String?
    public let worker: ArenaWorker
    let stopSignal: StopSignal
    private let service: RunningService

    init(host: String, port: Int, socket: String?, worker: ArenaWorker, stopSignal: StopSignal, service: RunningService) {
        self.host = host
        self.port = port
        self.socket = socket
        self.worker = worker
        self.stopSignal = stopSignal
        self.service = service
    }

    /// `http://HOST:PORT/`, brackets around an IPv6 address.
    public var url: String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return "http://\(shown):\(port)/"
    }

    /// Stops taking requests and answers those in flight, while the worker finishes the step in
    /// progress (a check is checked again at the next start; a batch stops after its games in
    /// flight); returns once both have stopped.
    public func stop() async {
        // The worker is told at once, so that its step ends while the service stops.
        stopSignal.request()
        worker.nudge()
        await service.stop()
    }
}
