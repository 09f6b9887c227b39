import Foundation

/// TCP ports that nothing listens on now, picked by the kernel (bind to port 0), for the
/// daemons of a test cluster. All are held open until all are picked, so they differ.
enum FreeTCPPort {
    static func pick(_ count: Int) throws -> [Int] {
        var sockets: [Int32] = []
        defer { sockets.forEach { close($0) } }
        return try (0..<count).map { _ in
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
            sockets.append(fd)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = 0
            address.sin_addr.s_addr = INADDR_ANY
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                    bind(fd, generic, length) == 0 && getsockname(fd, generic, &length) == 0
                }
            }
            guard bound else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
            return Int(UInt16(bigEndian: address.sin_port))
        }
    }
}
