/// Text made safe for a terminal: anything a submission wrote (a bot's label, a folder's name,
/// a build's output, a bot's stderr, a reason that quotes them) goes through ``visible(_:keepingLineBreaks:)``
/// before Salvo prints it, so no escape sequence (clear the screen, set the title, write the
/// clipboard with OSC 52, move the cursor to forge a line) ever reaches the instructor's terminal.
///
/// ```swift
/// TerminalText.visible("bot\u{1B}[2J\u{7}")   // "bot\\u{1b}[2J\\u{7}"
/// TerminalText.visible("line 1\nline 2")      // unchanged: a line feed stays a line feed
/// ```
public enum TerminalText {
    /// `text` with every control character (Unicode's Cc: C0, DEL and C1, which terminals obey)
    /// and format character (Cf: the bidirectional overrides and isolates, which reorder what a
    /// line seems to say, and the invisible joiners) written as `\u{HEX}`. Line feeds and tabs
    /// are kept unless `keepingLineBreaks` is false (a bot's one line, recorded as one line).
    public static func visible(_ text: String, keepingLineBreaks: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingLineBreaks) }) else { return text }
        var shown = ""
        shown.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepingLineBreaks) {
                shown += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// Whether `scalar` can change what a terminal shows beyond printing itself.
    static func needsEscape(_ scalar: Unicode.Scalar, _ keepingLineBreaks: Bool) -> Bool {
        if keepingLineBreaks && (scalar == "\n" || scalar == "\t") { return false }
        let category = scalar.properties.generalCategory
        return category == .control || category == .format
    }

    /// `text` in at most `length` characters for a table's cell: whole words, then `…` when
    /// anything was left out (a word longer than the cell is cut inside).
    public static func shortened(_ text: String, to length: Int) -> String {
        guard text.count > length else { return text }
        let room = text.prefix(max(1, length - 1))
        let cut = room.lastIndex(of: " ").map { room[..<$0] } ?? room
        return cut.allSatisfy { $0 == " " } ? String(room) + "…" : String(cut) + "…"
    }
}
