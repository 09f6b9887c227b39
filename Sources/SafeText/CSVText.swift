/// Text made safe for a CSV cell that a spreadsheet will open: RFC 4180 quoting, and a cell
/// that a spreadsheet would run as a formula (one starting with `=`, `+`, `-`, `@`, a tab or a
/// carriage return, OWASP's list) neutralised with a leading `'`, which spreadsheets show as
/// text and do not display. A number such as `-12.5` is a number, not a formula, and stays.
///
/// ```swift
/// CSVText.cell("=HYPERLINK(\"http://x\")")   // "\"'=HYPERLINK(\"\"http://x\"\")\""
/// CSVText.cell("alice")                      // "alice"
/// CSVText.cell("-3.5")                       // "-3.5"
/// ```
public enum CSVText {
    /// `text` as one cell: neutralised when it could be a formula, then quoted when it must be.
    public static func cell(_ text: String) -> String {
        var value = text
        if let first = value.unicodeScalars.first, formulaStarts.contains(first), Double(value) == nil {
            value = "'" + value
        }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else { return value }
        var quoted = "\""
        for character in value {
            quoted.append(character)
            if character == "\"" { quoted.append("\"") }
        }
        return quoted + "\""
    }

    /// The first characters that make a spreadsheet read a cell as a formula.
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]
}
