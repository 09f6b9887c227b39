import Foundation
#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// A reply read off the socket.
struct RawResponse: Sendable {
    var status: Int
    var headers: [String: String]
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

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
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

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
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try exchange(port: port, bytes: bytes) })
            }
            thread.start()
        }
    }

    private static func exchange(port: Int, bytes: Data) throws -> RawResponse {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed") }
        defer { close(fd) }
        // A hang guard: two minutes, however loaded the machine (another make test beside this one).
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect to port \(port) failed: errno \(errno)") }
        try bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                // The server may answer early (413) and close while we still write.
                if written <= 0 { return }
                offset += written
            }
        }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return try parse(received)
    }

    private static func parse(_ data: Data) throws -> RawResponse {
        guard let split = data.range(of: Data("\r\n\r\n".utf8)) else {
            throw Failure(description: "no HTTP reply (\(data.count) bytes)")
        }
        let head = String(decoding: data[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw Failure(description: "bad status line \(head[0])")
        }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(data[split.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" {
            body = dechunk(body)
        }
        return RawResponse(status: status, headers: headers, body: body)
    }

    private static func dechunk(_ data: Data) -> Data {
        var output = Data()
        var rest = data[...]
        while let lineEnd = rest.range(of: Data("\r\n".utf8)) {
            let sizeText = String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";")[0], radix: 16), size > 0 else { break }
            let start = lineEnd.upperBound
            output.append(rest[start..<min(start + size, rest.endIndex)])
            rest = rest[min(start + size + 2, rest.endIndex)...]
        }
        return output
    }
}
