/// The end of a bot's stderr, kept in memory for the record of a forfeit: the last
/// ``capacity`` bytes it wrote, and, as text, their last ``maximumLines`` lines, each cut to
/// ``maximumLineLength`` characters. Control characters other than tab become `?`, and bytes
/// that are not UTF-8 become U+FFFD, so the text is safe to journal and (escaped) to show.
///
/// ```swift
/// var tail = StderrTail()
/// tail.append(Array("starting\nTraceback (most recent call last):\n".utf8)[...])
/// tail.text()  // "starting\nTraceback (most recent call last):"
/// ```
public struct StderrTail: Hashable, Sendable {
    /// The bytes kept.
    public static let capacity = 8_192
    /// The lines ``text()`` returns at most.
    public static let maximumLines = 20
    /// The characters of one line ``text()`` keeps; a longer line ends with `…`.
    public static let maximumLineLength = 300

    private var bytes: [UInt8] = []

    public init() {}

    /// Adds bytes read from the pipe, keeping only the last ``capacity``.
    public mutating func append(_ chunk: ArraySlice<UInt8>) {
        if chunk.count >= Self.capacity {
            bytes = Array(chunk.suffix(Self.capacity))
            return
        }
        bytes.append(contentsOf: chunk)
        if bytes.count > Self.capacity { bytes.removeFirst(bytes.count - Self.capacity) }
    }

    /// The last lines, joined by newlines; nil when nothing but blank lines was written.
    public func text() -> String? {
        Self.lastLines(of: bytes)
    }

    /// The last ``maximumLines`` non-empty lines of `bytes`, each cut and cleaned as above.
    public static func lastLines(of bytes: [UInt8]) -> String? {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            clean(String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self))
        }
        while lines.last?.allSatisfy({ $0 == " " || $0 == "\t" }) == true { lines.removeLast() }
        while lines.first?.allSatisfy({ $0 == " " || $0 == "\t" }) == true { lines.removeFirst() }
        guard !lines.isEmpty else { return nil }
        return lines.suffix(maximumLines).joined(separator: "\n")
    }

    /// `line` with control characters replaced and cut to ``maximumLineLength`` characters.
    package static func clean(_ line: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in line.unicodeScalars {
            let isControl = scalar.value < 0x20 && scalar != "\t" || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
            scalars.append(isControl ? "?" : scalar)
        }
        let text = String(scalars)
        return text.count > maximumLineLength ? String(text.prefix(maximumLineLength - 1)) + "…" : text
    }
}
