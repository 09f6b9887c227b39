import Foundation
import SalvoTestSupport

#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// A reply read off a loopback socket (``SalvoTestSupport/LoopbackSocket/Reply``), every byte
/// received kept for the "no id served" checks.
typealias LoopbackReply = LoopbackSocket.Reply

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
    typealias Failure = LoopbackSocket.Failure

    /// Sends one request and reads the reply until the server closes the connection.
    static func request(port: Int, method: String = "GET", path: String, headers: [String: String] = [:], body: String = "") async throws
        -> LoopbackReply
    {
        try await LoopbackSocket.onThread {
            let fd = try LoopbackSocket.connect(port: port)
            defer { close(fd) }
            try LoopbackSocket.send(fd, head(method: method, path: path, port: port, headers: headers, body: body))
            var received = Data()
            try LoopbackSocket.read(fd, into: &received, deadline: Date().addingTimeInterval(120)) { _ in false }  // a hang guard
            return try LoopbackSocket.parse(received)
        }
    }

    /// Opens `/events` (with `Last-Event-ID` when given) and reads events until `enough` says
    /// so, then hangs up; throws when `timeout` passes first.
    static func events(
        port: Int, lastEventID: String? = nil, timeout: TimeInterval = 60, until enough: @escaping @Sendable ([ServerSentEvent]) -> Bool
    ) async throws -> (events: [ServerSentEvent], reply: LoopbackReply) {
        try await LoopbackSocket.onThread {
            let fd = try LoopbackSocket.connect(port: port)
            defer { close(fd) }
            var headers = ["Accept": "text/event-stream"]
            if let lastEventID { headers["Last-Event-ID"] = lastEventID }
            try LoopbackSocket.send(fd, head(method: "GET", path: "/events", port: port, headers: headers, body: ""))
            var received = Data()
            var events: [ServerSentEvent] = []
            let satisfied = try LoopbackSocket.read(fd, into: &received, deadline: Date().addingTimeInterval(timeout)) { data in
                guard let reply = try? LoopbackSocket.parse(data) else { return false }
                events = parseEvents(reply.text)
                return enough(events)
            }
            guard satisfied else {
                throw Failure(
                    description:
                        "the event stream ended or timed out after \(events.count) events: \(String(decoding: received.suffix(400), as: UTF8.self))")
            }
            return (events, try LoopbackSocket.parse(received))
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
                if line.hasPrefix("data: ") {
                    event.data += String(line.dropFirst(6))
                    hasData = true
                }
            }
            if hasData { events.append(event) }
        }
        return events
    }

    private static func head(method: String, path: String, port: Int, headers: [String: String], body: String) -> Data {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method != "GET" { head += "Content-Length: \(body.utf8.count)\r\n" }
        return Data((head + "\r\n" + body).utf8)
    }
}
