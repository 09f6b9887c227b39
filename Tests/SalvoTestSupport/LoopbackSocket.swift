import Foundation

#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// The socket work of the tests' bare HTTP/1.1 clients (the server's `RawHTTP`, the live
/// standings' `LoopbackHTTP`): a TCP connection to 127.0.0.1, every byte sent and received as
/// it is, and the reply parsed and de-chunked by hand, so a test sees exactly what a server
/// sends. Blocking work; callers run it off Swift's cooperative pool (``onThread(_:)``).
public enum LoopbackSocket {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// A reply: status, headers (lower-cased names) and the body, de-chunked, with every byte
    /// received kept in `raw` (head and chunk framing included).
    public struct Reply: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data
        public var raw: Data

        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Runs `body` on a thread of its own and returns its result.
    public static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    /// A connected socket to `127.0.0.1:port` whose reads wait at most 200 ms each (``read``
    /// keeps the overall deadline).
    public static func connect(port: Int) throws -> Int32 {
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

    /// A connected socket to the Unix socket at `path`, its reads as ``connect(port:)``'s.
    public static func connect(unixPath path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed") }
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            throw Failure(description: "the socket path \(path) is too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw Failure(description: "connect to \(path) failed: errno \(errno)")
        }
        return fd
    }

    /// Sends all of `bytes`. A server may answer early (413) and close while the rest is still
    /// being written: with `stopAtClose` that ends the sending quietly, else it is an error.
    public static func send(_ fd: Int32, _ bytes: Data, stopAtClose: Bool = false) throws {
        try bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                guard let base = raw.baseAddress else { return }
                let written = Glibc.send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if written <= 0 {
                    if stopAtClose { return }
                    throw Failure(description: "send failed: errno \(errno)")
                }
                offset += written
            }
        }
    }

    /// Reads until the peer closes or resets the connection (returns what `done` says of it
    /// all: a server that answered early and closed on unread bytes resets it), `done` holds
    /// (true), or the deadline passes (false).
    @discardableResult
    public static func read(_ fd: Int32, into received: inout Data, deadline: Date, done: (Data) -> Bool) throws -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while Date() < deadline {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
                if errno == ECONNRESET { return done(received) }
                throw Failure(description: "recv failed: errno \(errno)")
            }
            if count == 0 { return done(received) }
            received.append(contentsOf: buffer[0..<count])
            if done(received) { return true }
        }
        return false
    }

    /// One request to the server on `port` on a connection of its own, read to its end (the
    /// proxies of the tests forward each request this way).
    public static func forward(_ method: String, _ path: String, body: Data, to port: Int) throws -> Reply {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if method == "POST" { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        let fd = try connect(port: port)
        defer { close(fd) }
        try send(fd, Data((head + "\r\n").utf8) + body)
        var received = Data()
        _ = try read(fd, into: &received, deadline: Date().addingTimeInterval(120)) { _ in false }
        return try parse(received)
    }

    /// The reply in `data`, which holds at least its whole head.
    public static func parse(_ data: Data) throws -> Reply {
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
        return Reply(status: status, headers: headers, body: body, raw: data)
    }

    /// The complete chunks of a chunked body (a chunk still arriving is left out).
    static func dechunk(_ data: Data) -> Data {
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
