/// Text made safe for HTML. Pages are written as ``Markup``, which escapes every
/// interpolated value with this type's escape; ``escape(_:)`` is for text that goes into
/// markup outside a ``Markup`` literal (a test's expected text, say), and ``scriptJSON(_:)`` for
/// data in a `<script>` element (``Markup``'s `\(json:)`).
///
/// ```swift
/// HTML.escape("<b>\"bot\" & co</b>")  // "&lt;b&gt;&quot;bot&quot; &amp; co&lt;/b&gt;"
/// ```
public enum HTML {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities: safe in element content and
    /// in quoted attribute values. It works on bytes, not characters, so a quote followed by a
    /// combining mark (one character) is escaped too.
    public static func escape(_ text: String) -> String {
        Markup(escaping: text).text
    }

    /// JSON text made safe inside a `<script>` element: every `<` becomes `\u003c`, so no
    /// string in the data can close the element (`</script>`) or open a comment (`<!--`).
    /// JSON has `<` only inside strings, where `\u003c` means the same character.
    public static func scriptJSON(_ json: String) -> String {
        guard json.utf8.contains(0x3C) else { return json }
        return String(decoding: scriptJSON(Array(json.utf8)), as: UTF8.self)
    }

    /// ``scriptJSON(_:)`` on UTF-8 bytes.
    public static func scriptJSON(_ json: [UInt8]) -> [UInt8] {
        guard json.contains(0x3C) else { return json }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(json.count + 64)
        for byte in json {
            if byte == 0x3C { bytes.append(contentsOf: Self.escapedLessThan) } else { bytes.append(byte) }
        }
        return bytes
    }

    private static let escapedLessThan = Array("\\u003c".utf8)
}
