import Foundation
import SalvoTestSupport

#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// A bare HTTP/1.1 client on 127.0.0.1 for the kit's tests: the request sent byte for byte as
/// written (a path with `..` or `%00` reaches the server as it is), the reply read to the
/// connection's close.
enum KitHTTP {
    static func request(port: Int, method: String = "GET", path: String, headers: [String: String] = [:]) async throws -> LoopbackSocket.Reply {
        try await LoopbackSocket.onThread {
            let fd = try LoopbackSocket.connect(port: port)
            defer { close(fd) }
            var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
            try LoopbackSocket.send(fd, Data((head + "\r\n").utf8))
            var received = Data()
            try LoopbackSocket.read(fd, into: &received, deadline: Date().addingTimeInterval(60)) { _ in false }
            return try LoopbackSocket.parse(received)
        }
    }

    /// Whether a connection to `port` is refused (nothing listens there).
    static func refused(port: Int) -> Bool {
        do {
            close(try LoopbackSocket.connect(port: port))
            return false
        } catch {
            return true
        }
    }

    /// The one key and value of a problem's body.
    static func problem(_ reply: LoopbackSocket.Reply) -> [String: String] {
        (try? JSONDecoder().decode([String: String].self, from: reply.body)) ?? [:]
    }
}
