import Digests

/// Text made safe as a file name, one-to-one: two different names never share a file. ASCII
/// letters, digits, `-` and `_` are kept; every other byte of the UTF-8 text (`.` and `%`
/// among them) is written `%HH`. So `alice` and `alice.` are `alice` and `alice%2E`, no name
/// can climb out of its folder (`..` is `%2E%2E`) or hide (no leading dot), and the name stays
/// readable for the usual logins. A name whose encoding passes 160 characters keeps its first
/// 120 and 16 hex digits of the SHA-256 of the whole, so the file name stays under the file
/// system's 255 bytes.
///
/// ```swift
/// FileNameText.name("alice")        // "alice"
/// FileNameText.name("alice.")       // "alice%2E"
/// FileNameText.name("../etc")       // "%2E%2E%2Fetc"
/// ```
public enum FileNameText {
    /// `text` as a safe, unique file name (without extension).
    public static func name(_ text: String) -> String {
        let encoded = encode(Array(text.utf8)[...])
        guard encoded.utf8.count > 160 else { return encoded.isEmpty ? "%" : encoded }
        let digest = SHA256Hasher.hash(data: Array(text.utf8)).prefix(8).map { hex($0) }.joined()
        return String(encoded.prefix(120)) + "%~" + digest
    }

    static func encode(_ bytes: ArraySlice<UInt8>) -> String {
        var name = ""
        for byte in bytes {
            let kept = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x5F
            if kept {
                name.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                name += "%" + hex(byte).uppercased()
            }
        }
        return name
    }

    static func hex(_ byte: UInt8) -> String {
        (byte < 16 ? "0" : "") + String(byte, radix: 16)
    }
}
