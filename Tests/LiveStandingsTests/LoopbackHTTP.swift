import Foundation
#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// A reply read off a loopback socket: status, headers (lower-cased names) and the body,
/// de-chunked, with every byte received kept for the "no id served" checks.
struct LoopbackReply: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data
    /// Everything the server sent, head and chunk framing included.
    var raw: Data

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// One Server-Sent Event: its `id`, `event` and `data`.
struct ServerSentEvent: Sendable, Equatable {
    var id: String?
    var event: String?
    var data: String
}

/// A bare HTTP/1.1 client over TCP on 127.0.0.1, so the tests see every byte the live server
/// sends, and can read an event stream as it comes. Blocking socket work runs on threads of
/// its own, off Swift's cooperative pool; every read has a deadline.
enum LoopbackHTTP {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Sends one request and reads the reply until the server closes the connection.
    static func request(port: Int, method: String = "GET", path: String, headers: [String: String] = [:], body: String = "") async throws -> LoopbackReply {
        try await onThread {
            let fd = try connect(port: port)
            defer { close(fd) }
            try send(fd, head(method: method, path: path, port: port, headers: headers, body: body))
            var received = Data()
            try read(fd, into: &received, deadline: Date().addingTimeInterval(120)) { _ in false }  // a hang guard
            return try parse(received)
        }
    }

    /// Opens `/events` (with `Last-Event-ID` when given) and reads events until `enough` says
    /// so, then hangs up; throws when `timeout` passes first.
    static func events(
        port: Int, lastEventID: String? = nil, timeout: TimeInterval = 60, until enough: @escaping @Sendable ([ServerSentEvent]) -> Bool
    ) async throws -> (events: [ServerSentEvent], reply: LoopbackReply) {
        try await onThread {
            let fd = try connect(port: port)
            defer { close(fd) }
            var headers = ["Accept": "text/event-stream"]
            if let lastEventID { headers["Last-Event-ID"] = lastEventID }
            try send(fd, head(method: "GET", path: "/events", port: port, headers: headers, body: ""))
            var received = Data()
            var events: [ServerSentEvent] = []
            let satisfied = try read(fd, into: &received, deadline: Date().addingTimeInterval(timeout)) { data in
                guard let reply = try? parse(data) else { return false }
                events = parseEvents(reply.text)
                return enough(events)
            }
            guard satisfied else {
                throw Failure(description: "the event stream ended or timed out after \(events.count) events: \(String(decoding: received.suffix(400), as: UTF8.self))")
            }
            return (events, try parse(received))
        }
    }

    /// The events of a complete or partial stream: blocks separated by a blank line.
    static func parseEvents(_ text: String) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        let blocks = text.components(separatedBy: "\n\n").dropLast()  // the last one may be cut short
        for block in blocks {
            var event = ServerSentEvent(id: nil, event: nil, data: "")
            var hasData = false
            for line in block.split(separator: "\n", omittingEmptySubsequences: true) {
                if line.hasPrefix("id: ") { event.id = String(line.dropFirst(4)) }
                if line.hasPrefix("event: ") { event.event = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { event.data += String(line.dropFirst(6)); hasData = true }
            }
            if hasData { events.append(event) }
        }
        return events
    }

    private static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    private static func head(method: String, path: String, port: Int, headers: [String: String], body: String) -> Data {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method != "GET" { head += "Content-Length: \(body.utf8.count)\r\n" }
        return Data((head + "\r\n" + body).utf8)
    }

    private static func connect(port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed") }
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw Failure(description: "connect to port \(port) failed: errno \(errno)")
        }
        return fd
    }

    private static func send(_ fd: Int32, _ bytes: Data) throws {
        try bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                guard let base = raw.baseAddress else { return }
                let written = Glibc.send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                guard written > 0 else { throw Failure(description: "send failed: errno \(errno)") }
                offset += written
            }
        }
    }

    /// Reads until the peer closes (returns false), `done` holds (true), or the deadline
    /// passes (false).
    @discardableResult
    private static func read(_ fd: Int32, into received: inout Data, deadline: Date, done: (Data) -> Bool) throws -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while Date() < deadline {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
                throw Failure(description: "recv failed: errno \(errno)")
            }
            if count == 0 { return done(received) }
            received.append(contentsOf: buffer[0..<count])
            if done(received) { return true }
        }
        return false
    }

    static func parse(_ data: Data) throws -> LoopbackReply {
        guard let split = data.range(of: Data("\r\n\r\n".utf8)) else {
            throw Failure(description: "no HTTP reply (\(data.count) bytes)")
        }
        let head = String(decoding: data[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "bad status line \(head[0])") }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(data[split.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
        return LoopbackReply(status: status, headers: headers, body: body, raw: data)
    }

    /// The complete chunks of a chunked body (a chunk still arriving is left out).
    private static func dechunk(_ data: Data) -> Data {
        var output = Data()
        var rest = data[...]
        while let lineEnd = rest.range(of: Data("\r\n".utf8)) {
            let sizeText = String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16), size > 0 else { break }
            let start = lineEnd.upperBound
            guard start + size <= rest.endIndex else { break }
            output.append(rest[start..<start + size])
            rest = rest[min(start + size + 2, rest.endIndex)...]
        }
        return output
    }
}
