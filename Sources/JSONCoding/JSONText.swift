/// JSON text as a `String`, where the server and the clients build text by hand.
public enum JSONText {
    /// `text` as a JSON string literal, quotes included: quotes, backslashes and control
    /// characters escaped, everything else as is (the escaping of ``JSONWriter``).
    public static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        JSONWriter.appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
