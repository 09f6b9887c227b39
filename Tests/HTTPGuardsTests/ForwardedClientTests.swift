import HTTPGuards
import Testing

/// The address a request is counted as, behind trusted proxies or not.
@Suite("HTTP guards' forwarded client")
struct ForwardedClientTests {
    @Test("from a trusted proxy, the rightmost address it forwards that is not a trusted proxy; from anyone else, the connection's address")
    func addresses() {
        let forwarded = ForwardedClient(trustedProxies: ["127.0.0.1", "10.0.0.2"])
        #expect(forwarded.address(peer: "127.0.0.1", forwardedFor: ["203.0.113.7"]) == "203.0.113.7")
        // What the client wrote itself is to the left of what the proxy appended.
        #expect(forwarded.address(peer: "127.0.0.1", forwardedFor: ["198.51.100.1, 203.0.113.7"]) == "203.0.113.7")
        // A chain of trusted proxies, over two headers: the first hop none of them is.
        #expect(forwarded.address(peer: "127.0.0.1", forwardedFor: ["198.51.100.1, 203.0.113.7", "10.0.0.2"]) == "203.0.113.7")
        // No header: the proxy itself.
        #expect(forwarded.address(peer: "127.0.0.1", forwardedFor: []) == "127.0.0.1")
        // Anyone else's header is ignored.
        #expect(forwarded.address(peer: "192.0.2.1", forwardedFor: ["203.0.113.7"]) == "192.0.2.1")
        // Addresses in one form: an IPv4-mapped peer is the trusted proxy; IPv6 compressed.
        #expect(forwarded.address(peer: "::ffff:127.0.0.1", forwardedFor: ["2001:DB8:0:0::1"]) == "2001:db8::1")
        #expect(ForwardedClient.canonical("localhost") == nil && ForwardedClient.canonical("127.0.0.1:80") == nil)
        #expect(ForwardedClient(trustedProxies: []).address(peer: "127.0.0.1", forwardedFor: ["203.0.113.7"]) == "127.0.0.1")
    }
}
