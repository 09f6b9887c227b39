import DurationUnits
import Foundation

#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for fault tests: every request's answer, good or
/// broken, comes from a handler, and the server counts connections and requests.
///
/// ```swift
/// let server = try LoopbackServer { request in
///     request.ordinal == 1 ? .respond(status: 500, body: "oops") : .json("[]")
/// }
/// defer { server.stop() }
/// // http://127.0.0.1:\(server.port)/...
/// ```
public final class LoopbackServer: @unchecked Sendable {
    // @unchecked: `listener` and `port` are immutable after init; counters live in `state`
    // behind a lock; the handler is @Sendable.
    private struct State {
        var acceptedConnections = 0
        var closedConnections = 0
        var requests: [LoopbackRequest] = []
        var counts: [String: Int] = [:]
        var stopped = false
        /// Whether the accept thread runs: it then closes the listener itself, when it ends.
        var accepting = false
    }

    public let port: Int
    private let listener: Int32
    private let handler: @Sendable (LoopbackRequest) -> LoopbackBehavior
    private let lock = NSLock()
    private var state = State()

    /// A server on a free port. With `listening` false the port is bound but refuses
    /// connections (as a server that is down) until ``listen()`` is called.
    public init(listening: Bool = true, handler: @escaping @Sendable (LoopbackRequest) -> LoopbackBehavior) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw LoopbackServerError.socket(errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            close(fd)
            throw LoopbackServerError.socket(errno)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        if listening { try listen() }
    }

    /// Starts accepting connections (once; the default server listens from the start).
    public func listen() throws {
        let starting = withState { state -> Bool in
            guard !state.stopped, !state.accepting else { return false }
            state.accepting = true
            return true
        }
        guard starting else { return }
        guard Glibc.listen(listener, 128) == 0 else {
            let error = errno
            let stopped = withState { state -> Bool in
                state.accepting = false
                return state.stopped
            }
            if stopped { close(listener) }
            throw LoopbackServerError.socket(error)
        }
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// The base URL of the server, `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// How many TCP connections the server accepted.
    public var acceptedConnections: Int { withState { $0.acceptedConnections } }

    /// How many of those connections the server has closed (on its side, or after the client's).
    public var closedConnections: Int { withState { $0.closedConnections } }

    /// Every request the server read completely, in arrival order.
    public var requests: [LoopbackRequest] { withState { $0.requests } }

    /// How many requests arrived for this method and path.
    public func count(_ method: String, _ path: String) -> Int {
        withState { $0.counts["\(method) \(path)"] ?? 0 }
    }

    /// Stops accepting; connections in progress finish on their own.
    ///
    /// The listener is shut down here (which ends a waiting accept) but closed by the accept
    /// thread as it ends: closed here, its number could be given to another test's new
    /// listener before the thread's next accept, which would then take that server's
    /// connections and answer them with this server's handler (seen beside another make
    /// test: 114 of 200 requests answered `{}` by a server of another test).
    public func stop() {
        let (first, accepting) = withState { state in
            defer { state.stopped = true }
            return (!state.stopped, state.accepting)
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        if !accepting { close(listener) }
    }

    deinit { stop() }

    private func withState<T>(_ body: (inout State) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR, !withState({ $0.stopped }) { continue }
                return
            }
            guard !withState({ $0.stopped }) else {
                close(connection)
                return
            }
            withState { $0.acceptedConnections += 1 }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer {
            close(connection)
            withState { $0.closedConnections += 1 }
        }
        var reader = SocketReader(fd: connection)
        while let parsed = reader.readRequest() {
            let request = withState { state in
                let key = "\(parsed.method) \(parsed.path)"
                state.counts[key, default: 0] += 1
                var request = parsed
                request.ordinal = state.counts[key] ?? 1
                state.requests.append(request)
                return request
            }
            guard perform(handler(request), on: connection) else { return }
        }
    }

    /// Returns whether the connection stays open.
    private func perform(_ behavior: LoopbackBehavior, on connection: Int32) -> Bool {
        switch behavior {
        case .respond(let status, let body, let contentType):
            let bytes = Array(body.utf8)
            let head =
                "HTTP/1.1 \(status) \(reason(status))\r\nContent-Type: \(contentType)\r\nContent-Length: \(bytes.count)\r\nConnection: keep-alive\r\n\r\n"
            return send(Array(head.utf8) + bytes, on: connection)
        case .dropBeforeReply:
            return false
        case .dropMidReply:
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: 100\r\n\r\n{\"hit\":tr"
            _ = send(Array(head.utf8), on: connection)
            return false
        case .noReply:
            waitForHangUp(connection)
            return false
        case .delay(let duration, let then):
            usleep(UInt32(duration.wholeMicroseconds))
            return perform(then, on: connection)
        case .respondThenCloseAfter(let idle, let body):
            guard perform(.json(body), on: connection) else { return false }
            return perform(.delay(idle, then: .dropBeforeReply), on: connection)
        case .largeBody(let size):
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: \(size)\r\n\r\n"
            return send(Array(head.utf8) + [UInt8](repeating: 0x61, count: size), on: connection)
        }
    }

    /// Returns once the peer closed `connection` (or reset it), or the server was stopped;
    /// whatever the peer sends meanwhile is read and dropped.
    private func waitForHangUp(_ connection: Int32) {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !withState({ $0.stopped }) {
            var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 100)
            if ready < 0 && errno != EINTR { return }
            guard ready > 0 else { continue }
            if descriptor.revents & Int16(POLLHUP | POLLERR) != 0 { return }
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return }
        }
    }

    private func send(_ bytes: [UInt8], on connection: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    private func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 418: "I'm a teapot"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

/// Why the loopback server could not start.
public enum LoopbackServerError: Error {
    case socket(Int32)
}
