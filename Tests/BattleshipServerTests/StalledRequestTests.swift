import Foundation
import HTTPGuards
import Logging
import SalvoTestSupport
import Testing

@testable import BattleshipServer

#if canImport(Glibc)
import Glibc
#endif

/// Requests that stall or trickle in (slowloris) cannot hold the server's connections: each
/// request must arrive whole within the deadline (``HTTPGuards/RequestDeadline``), which a
/// body earns more of at the minimum rate. Raw sockets on loopback, every byte as sent.
@Suite("Stalled requests are closed", .timeLimit(.minutes(2)))
struct StalledRequestTests {
    /// 2 s for a request, a second more per 500 bytes of body, 8 s at most.
    static let deadline = RequestDeadline(base: .seconds(2), bytesPerSecond: 500, maximum: .seconds(8))

    /// Whether the server closes `fd` before `deadline`.
    static func closed(_ fd: Int32, before deadline: Date) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while Date() < deadline {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 || (count < 0 && errno == ECONNRESET) { return true }
            if count < 0, errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR { return true }
        }
        return false
    }

    /// How many of `fds` the server has not closed by `deadline`: each still open is looked at
    /// without waiting (MSG_DONTWAIT) every 50 ms, so one socket left open cannot hide whether
    /// the others were closed (one at a time, one stuck socket spent the whole wait and every
    /// later one was counted open unread: "300 of 300").
    static func stillOpen(_ fds: [Int32], before deadline: Date) -> Int {
        var open = Set(fds)
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            for fd in open {
                let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { open.remove(fd) }
            }
            if open.isEmpty || Date() >= deadline { return open.count }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Sends `bytes` in pieces of `piece` bytes, `pause` apart, until all are sent or the
    /// server closes; whether all were sent.
    static func trickle(_ fd: Int32, _ bytes: Data, piece: Int, pause: TimeInterval) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + piece)
            let sent = bytes[offset..<end].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return false }
            offset += sent
            Thread.sleep(forTimeInterval: pause)
        }
        return true
    }

    @Test(
        "300 half-sent heads, a dripped head, a trickled body and an idle keep-alive connection are closed; whole requests, and a slow body within its rate, are answered meanwhile"
    )
    func stalledAndTrickled() async throws {
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, databasePath: nil)
        configuration.requestDeadline = Self.deadline
        var logger = Logger(label: "stalled")
        logger.logLevel = .critical
        let outcome = try await withRunning(SalvoServer.start(configuration, logger: logger)) { server in
            let port = server.port
            return try await LoopbackSocket.onThread { () throws -> [String] in
                var failures: [String] = []
                let stalled = try (0..<300).map { _ in
                    let fd = try LoopbackSocket.connect(port: port)
                    try LoopbackSocket.send(fd, Data("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8))
                    return fd
                }
                defer { stalled.forEach { close($0) } }
                // Whole requests are answered while they hang.
                let listed = try LoopbackSocket.forward("GET", "/api/games", body: Data(), to: port)
                if listed.status != 200 { failures.append("a whole request got \(listed.status)") }
                // A body slower than the base allows but faster than the minimum rate: 3,000 bytes
                // at 1,500 a second take 2 s, the deadline allows 2 s + 3 s.
                let slow = try LoopbackSocket.connect(port: port)
                defer { close(slow) }
                let body = Data((#"{"gameName":"slow","playerName":"body"}"# + String(repeating: " ", count: 3_000 - 39)).utf8)
                let head = Data(
                    "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
                try LoopbackSocket.send(slow, head)
                if !Self.trickle(slow, body, piece: 300, pause: 0.2) { failures.append("the slow body was cut off") }
                var reply = Data()
                try LoopbackSocket.read(slow, into: &reply, deadline: Date().addingTimeInterval(10)) { $0.range(of: Data("\r\n\r\n".utf8)) != nil }
                if !String(decoding: reply, as: UTF8.self).hasPrefix("HTTP/1.1 ") {
                    failures.append("the slow body got no reply: \(String(decoding: reply, as: UTF8.self))")
                }
                // By now the 300 heads are past their 2 s; 20 s more for a loaded suite's late
                // timers (once all 300 were still open 6 s later), where without the deadline
                // they stay open for good.
                let open = Self.stillOpen(stalled, before: Date().addingTimeInterval(20))
                if open > 0 { failures.append("\(open) of 300 half-sent requests still open") }

                // A head dripped a byte every 0.25 s: closed though it never stops sending.
                let drip = try LoopbackSocket.connect(port: port)
                defer { close(drip) }
                let dripped = Self.trickle(
                    drip, Data(("GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + String(repeating: "a", count: 60)).utf8), piece: 1,
                    pause: 0.25)
                if dripped || !Self.closed(drip, before: Date().addingTimeInterval(3)) { failures.append("the dripped head was not closed") }
                // A body at 100 bytes a second of 5,000: closed long before its 50 s end.
                let trickled = try LoopbackSocket.connect(port: port)
                defer { close(trickled) }
                try LoopbackSocket.send(
                    trickled,
                    Data("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n".utf8))
                if Self.trickle(trickled, Data(repeating: 0x20, count: 5_000), piece: 20, pause: 0.2) {
                    failures.append("the trickled body was let through")
                }
                // A keep-alive connection answered, then left idle: closed after the deadline.
                let idle = try LoopbackSocket.connect(port: port)
                defer { close(idle) }
                try LoopbackSocket.send(idle, Data("GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
                var answer = Data()
                try LoopbackSocket.read(idle, into: &answer, deadline: Date().addingTimeInterval(10)) { $0.range(of: Data("\r\n\r\n".utf8)) != nil }
                if !String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 200") { failures.append("the keep-alive request got no 200") }
                if !Self.closed(idle, before: Date().addingTimeInterval(8)) { failures.append("the idle keep-alive connection stayed open") }
                return failures
            }
        }
        #expect(outcome.isEmpty, "\(outcome)")
    }
}
