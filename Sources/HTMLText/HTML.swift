/// Text made safe for HTML, for every page Salvo writes (the tournament's pages and replays,
/// `load.html`). Every piece of text that came from outside (bot names, game names, reasons,
/// ids, server replies) goes through ``escape(_:)`` before it is written into a page, and
/// data for scripts goes through ``scriptJSON(_:)``.
///
/// ```swift
/// HTML.escape("<b>\"bot\" & co</b>")  // "&lt;b&gt;&quot;bot&quot; &amp; co&lt;/b&gt;"
/// ```
public enum HTML {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities: safe in element content and
    /// in quoted attribute values. It works on Unicode scalars, not characters, so a quote
    /// followed by a combining mark (one character) is escaped too.
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
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
