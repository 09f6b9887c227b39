/// Ids as URL path segments.
public enum PathSegment {
    /// `id` made safe as one path segment: bytes outside RFC 3986's unreserved set (letters,
    /// digits, `-`, `.`, `_`, `~`) are percent-encoded from their UTF-8. Ids the API hands out
    /// (GUIDs) come back unchanged, without a copy; this runs for every request a client sends.
    public static func encode(_ id: String) -> String {
        guard !id.utf8.allSatisfy(isUnreserved) else { return id }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(id.utf8.count * 3)
        for byte in id.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
