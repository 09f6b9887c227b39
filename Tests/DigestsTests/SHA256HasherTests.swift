import Digests
import Testing

/// SHA-256 from libcrypto against the test vectors of FIPS 180-2 (also in RFC 6234).
@Suite("SHA-256")
struct SHA256HasherTests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    @Test("the FIPS 180-2 vectors: one block, two blocks, and no bytes at all")
    func vectors() {
        #expect(Self.hex(SHA256Hasher.hash(data: Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            Self.hex(SHA256Hasher.hash(data: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        )
        #expect(Self.hex(SHA256Hasher.hash(data: [UInt8]())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("a million a's fed in pieces of 999 bytes give the FIPS 180-2 digest")
    func millionInPieces() {
        var hasher = SHA256Hasher()
        var left = 1_000_000
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 999)
        while left > 0 {
            hasher.update(data: piece.prefix(min(left, piece.count)))
            left -= piece.count
        }
        #expect(Self.hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("bytes given in pieces, some empty, hash as the same bytes at once; a sequence without contiguous storage too")
    func piecesEqualWhole() {
        var hasher = SHA256Hasher()
        hasher.update(data: Array("a".utf8))
        hasher.update(data: [UInt8]())
        hasher.update(data: "bc".utf8)
        #expect(hasher.finalize() == SHA256Hasher.hash(data: Array("abc".utf8)))
        #expect(SHA256Hasher.hash(data: (97...99).lazy.map { UInt8($0) }) == SHA256Hasher.hash(data: Array("abc".utf8)))
    }
}
