import Testing

@testable import HeadlessBrowser

/// The pipe's NUL framing, without a browser.
@Suite("DevTools message framing")
struct MessageFramerTests {
    @Test("messages split at NUL bytes however the bytes arrive, and a partial message waits")
    func splitsAtNul() {
        var framer = MessageFramer()
        let stream = Array("{\"id\":1}\u{0}{\"method\":\"a\"}\u{0}{\"id\"".utf8)
        // Byte by byte and all at once give the same messages.
        var oneByOne: [[UInt8]] = []
        for byte in stream { oneByOne += framer.append([byte]) }
        #expect(oneByOne.map { String(decoding: $0, as: UTF8.self) } == ["{\"id\":1}", "{\"method\":\"a\"}"])
        #expect(framer.pendingByteCount == 5)
        #expect(framer.append(Array(":2}\u{0}".utf8)).map { String(decoding: $0, as: UTF8.self) } == ["{\"id\":2}"])
        #expect(framer.pendingByteCount == 0)
        var whole = MessageFramer()
        #expect(whole.append(stream).count == 2)
        #expect(MessageFramer.frame(Array("{}".utf8)) == [0x7B, 0x7D, 0])
    }
}
