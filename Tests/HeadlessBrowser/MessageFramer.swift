/// Splits the byte stream Chromium writes on its `--remote-debugging-pipe` output (fd 4)
/// into messages: each is one JSON text followed by a NUL byte. Pure, so it is tested
/// without a browser.
struct MessageFramer {
    private var buffer: [UInt8] = []

    /// Appends `bytes`; returns the messages completed by them, without their NUL.
    mutating func append(_ bytes: some Sequence<UInt8>) -> [[UInt8]] {
        buffer.append(contentsOf: bytes)
        var messages: [[UInt8]] = []
        var start = 0
        while let end = buffer[start...].firstIndex(of: 0) {
            messages.append(Array(buffer[start..<end]))
            start = end + 1
        }
        buffer.removeFirst(start)
        return messages
    }

    /// Bytes received after the last complete message.
    var pendingByteCount: Int { buffer.count }

    /// `message` framed for Chromium's input pipe (fd 3): the JSON and a NUL.
    static func frame(_ message: [UInt8]) -> [UInt8] {
        message + [0]
    }
}
