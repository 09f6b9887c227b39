import Foundation

/// TCP ports that nothing listens on now, for the daemons of a test cluster. All are held open
/// until all are picked, so they differ.
///
/// They are picked at random below the kernel's ephemeral range (ip_local_port_range), not by
/// binding port 0: a port the kernel hands out for bind(0) is also one it hands out to any
/// outgoing connection, and between this pick and the daemon's own bind a busy machine (another
/// `make test` beside this one makes thousands of connections) may take it. Below the range
/// only a program that asks for that exact port can, and each pick is checked free by a bind.
enum FreeTCPPort {
    static func pick(_ count: Int) throws -> [Int] {
        var sockets: [Int32] = []
        defer { sockets.forEach { close($0) } }
        let candidates = reservedFreeRange()
        var generator = SystemRandomNumberGenerator()
        return try (0..<count).map { _ in
            // At random below the range; after 200 ports in use there, the kernel's choice.
            for _ in 0..<200 {
                guard let candidates else { break }
                if let (fd, port) = try bound(to: Int.random(in: candidates, using: &generator)) {
                    sockets.append(fd)
                    return port
                }
            }
            guard let (fd, port) = try bound(to: 0) else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
            sockets.append(fd)
            return port
        }
    }

    /// 10000 up to the start of the ephemeral range, if there is room there.
    private static func reservedFreeRange() -> ClosedRange<Int>? {
        let text = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)) ?? ""
        guard let low = text.split(whereSeparator: \.isWhitespace).first.flatMap({ Int($0) }), low > 11_000 else { return nil }
        return 10_000...(low - 1)
    }

    /// A socket bound to `port` (0: any) on all addresses and the port it got, or nil when that
    /// port is in use.
    private static func bound(to port: Int) throws -> (Int32, Int)? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr.s_addr = INADDR_ANY
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(fd, generic, length) == 0 && getsockname(fd, generic, &length) == 0
            }
        }
        guard ok else {
            close(fd)
            return nil
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }
}
