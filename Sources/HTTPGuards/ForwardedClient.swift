import Foundation

/// The client a request is from, for a server behind reverse proxies it trusts: a request
/// whose connection comes from a trusted proxy is from the address that proxy saw, the
/// rightmost address in `X-Forwarded-For` that is not itself a trusted proxy (each proxy
/// appends the address it was connected from, as nginx's `$proxy_add_x_forwarded_for` does;
/// what a client wrote there itself is to the left, and is ignored). From any other address the
/// header is ignored: a client cannot pick the address it is counted as.
///
/// ```swift
/// let forwarded = ForwardedClient(trustedProxies: ["127.0.0.1"])
/// forwarded.address(peer: "127.0.0.1", forwardedFor: ["198.51.100.9, 203.0.113.7"])   // "203.0.113.7"
/// forwarded.address(peer: "192.0.2.1", forwardedFor: ["203.0.113.7"])                  // "192.0.2.1"
/// ```
public struct ForwardedClient: Sendable, Hashable {
    /// The trusted proxies' addresses, in canonical form.
    public let trustedProxies: Set<String>

    /// `trustedProxies`: IPv4 or IPv6 addresses; those that are not are left out (check them first with ``canonical(_:)``).
    public init(trustedProxies: [String]) {
        self.trustedProxies = Set(trustedProxies.compactMap(Self.canonical))
    }

    /// The client's address for a request that came from `peer` with the values of its
    /// `X-Forwarded-For` headers, in order.
    public func address(peer: String, forwardedFor: [String]) -> String {
        let peer = Self.canonical(peer) ?? peer
        guard trustedProxies.contains(peer) else { return peer }
        return walk(from: peer, forwardedFor: forwardedFor)
    }

    /// The client's address for a request that came over a Unix socket only the proxy can open
    /// (its file's permissions say who): every such connection is the proxy's, so the address
    /// it appended is read as from a trusted proxy; `unix` when it appended none.
    public func address(socketForwardedFor forwardedFor: [String]) -> String {
        walk(from: "unix", forwardedFor: forwardedFor)
    }

    /// The rightmost address of `forwardedFor` that is not a trusted proxy, `peer` without one.
    private func walk(from peer: String, forwardedFor: [String]) -> String {
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var client = peer
        for hop in hops.reversed() {
            // A trusted proxy wrote it; what it saw is an address, kept short whatever it is.
            client = Self.canonical(hop) ?? String(hop.prefix(64))
            if !trustedProxies.contains(client) { break }
        }
        return client
    }

    /// Whether `address` (canonical) is this machine's loopback: 127.0.0.0/8 or ::1.
    public static func isLoopback(_ address: String) -> Bool {
        address.hasPrefix("127.") || address == "::1"
    }

    /// `text` as one form of its address (IPv6 compressed and lower-case, an IPv4-mapped IPv6
    /// address as IPv4); nil when it is not an IP address.
    public static func canonical(_ text: String) -> String? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return render(AF_INET, &v4, INET_ADDRSTRLEN) }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        return render(AF_INET6, &v6, INET6_ADDRSTRLEN)
    }

    private static func render<Address>(_ family: Int32, _ address: inout Address, _ length: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(length))
        guard inet_ntop(family, &address, &buffer, socklen_t(length)) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
