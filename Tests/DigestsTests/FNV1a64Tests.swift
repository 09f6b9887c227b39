import Digests
import Testing

/// FNV-1a (64 bits) against the published vectors, and the values Salvo has written with it.
@Suite("FNV-1a 64")
struct FNV1a64Tests {
    @Test("the offset basis for no bytes, and the vectors of the FNV reference for \"a\" and \"foobar\"")
    func vectors() {
        #expect(FNV1a64.hash("") == 0xCBF2_9CE4_8422_2325)
        #expect(FNV1a64.hash("a") == 0xAF63_DC4C_8601_EC8C)
        #expect(FNV1a64.hash("foobar") == 0x8594_4171_F739_67E8)
        #expect(FNV1a64().hex == "cbf29ce484222325")
    }

    @Test("fed in pieces it is the hash of the whole; UTF-8 bytes, not characters; hex keeps its leading zeros")
    func pieces() {
        var hasher = FNV1a64()
        hasher.update("foo")
        hasher.update(Array("bar".utf8))
        #expect(hasher.value == FNV1a64.hash("foobar"))
        // Computed with the two copies this one replaced (issue 41), and with Python.
        #expect(FNV1a64.hash("élève@1") == 414_872_968_254_639_590)
        var leadingZero = FNV1a64()
        leadingZero.update("élève@1")
        #expect(leadingZero.hex == "05c1ecc43bbacde6")
    }
}
