import Digests
import Testing

/// HMAC-SHA256 from libcrypto against the test cases of RFC 4231.
@Suite("HMAC-SHA256")
struct HMACSHA256Tests {
    @Test("RFC 4231 test cases 1, 2 and 6 (a key longer than a block is hashed first)")
    func rfc4231() {
        let one = HMACSHA256.authenticationCode(for: Array("Hi There".utf8), key: [UInt8](repeating: 0x0b, count: 20))
        #expect(SHA256HasherTests.hex(one) == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        let two = HMACSHA256.authenticationCode(for: Array("what do ya want for nothing?".utf8), key: Array("Jefe".utf8))
        #expect(SHA256HasherTests.hex(two) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        let six = HMACSHA256.authenticationCode(
            for: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            key: [UInt8](repeating: 0xaa, count: 131)
        )
        #expect(SHA256HasherTests.hex(six) == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test("an empty key and an empty message are an empty key and message, not a missing one")
    func empty() {
        // python3: hmac.new(b"", b"", "sha256").hexdigest()
        let code = HMACSHA256.authenticationCode(for: [], key: [])
        #expect(SHA256HasherTests.hex(code) == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }
}
