import Foundation
import SalvoTestSupport

#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// A reply read off the socket (``SalvoTestSupport/LoopbackSocket/Reply``).
typealias RawResponse = LoopbackSocket.Reply

extension LoopbackSocket.Reply {
    /// The body as a JSON object.
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }

    /// The `message` of a JSON error body.
    var message: String? { json["message"] as? String }
}

/// A bare HTTP/1.1 client over a TCP socket on loopback, so tests control every byte sent
/// (malformed bodies, odd content types, oversized requests). One connection per request;
/// the blocking socket work runs on its own thread, off Swift's cooperative pool.
enum RawHTTP {
    typealias Failure = LoopbackSocket.Failure

    static func request(
        port: Int, method: String, path: String,
        contentType: String? = "application/json", body: Data = Data()
    ) async throws -> RawResponse {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let contentType { head += "Content-Type: \(contentType)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        return try await send(port: port, bytes: Data(head.utf8) + body)
    }

    /// POSTs `object` as JSON.
    static func post(port: Int, _ path: String, json object: [String: Any]) async throws -> RawResponse {
        try await request(port: port, method: "POST", path: path, body: try JSONSerialization.data(withJSONObject: object))
    }

    static func get(port: Int, _ path: String) async throws -> RawResponse {
        try await request(port: port, method: "GET", path: path, contentType: nil)
    }

    /// Sends raw bytes and reads the reply until the server closes the connection.
    static func send(port: Int, bytes: Data) async throws -> RawResponse {
        try await LoopbackSocket.onThread {
            let fd = try LoopbackSocket.connect(port: port)
            defer { close(fd) }
            // The server may answer early (413) and close while we still write.
            try LoopbackSocket.send(fd, bytes, stopAtClose: true)
            var received = Data()
            // A hang guard: two minutes, however loaded the machine (another make test beside this one).
            try LoopbackSocket.read(fd, into: &received, deadline: Date().addingTimeInterval(120)) { _ in false }
            return try LoopbackSocket.parse(received)
        }
    }
}
