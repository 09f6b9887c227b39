import SafeText
import Testing

/// Each output's escape against what a hostile label or build output holds.
@Suite("Untrusted text, one escape per output")
struct SafeTextTests {
    @Test("the terminal gets no control or format character: ESC, BEL, CR, C1 and bidi overrides are shown; line feeds and tabs stay")
    func terminal() {
        let attack = "x\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[2J\rSubmissions: 3 entered\u{9B}31m\u{202E}cba\n\tnext"
        let shown = TerminalText.visible(attack)
        #expect(shown == "x\\u{1b}]52;c;ZXZpbA==\\u{7}\\u{1b}[2J\\u{d}Submissions: 3 entered\\u{9b}31m\\u{202e}cba\n\tnext")
        #expect(!shown.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
        #expect(TerminalText.visible("a\nb", keepingLineBreaks: false) == "a\\u{a}b")
        #expect(TerminalText.visible("plain ünïcode") == "plain ünïcode")
    }

    @Test(
        "a CSV cell a spreadsheet would run as a formula starts with a quote mark; numbers and names stay",
        arguments: [
            ("=HYPERLINK(\"http://evil\",\"x\")", "\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\""),
            ("+1+1", "'+1+1"),
            ("-2+3", "'-2+3"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tTAB", "'\tTAB"),
            ("-12.5", "-12.5"),
            ("alice", "alice"),
            ("a,b", "\"a,b\""),
        ])
    func csv(text: String, cell: String) {
        #expect(CSVText.cell(text) == cell)
    }

    @Test(
        "file names are one-to-one and stay in their folder",
        arguments: [
            ("alice", "alice"),
            ("alice.", "alice%2E"),
            ("..", "%2E%2E"),
            ("../etc/passwd", "%2E%2E%2Fetc%2Fpasswd"),
            (".hidden", "%2Ehidden"),
            ("a%2E", "a%252E"),
            ("ünï", "%C3%BCn%C3%AF"),
        ])
    func fileNames(text: String, name: String) {
        #expect(FileNameText.name(text) == name)
    }

    @Test("a long name keeps a prefix and a digest: two long names that share 120 characters still differ, and stay under 255 bytes")
    func longFileNames() {
        let first = String(repeating: "é", count: 48)
        let second = String(repeating: "é", count: 47) + "e"
        #expect(FileNameText.name(first) != FileNameText.name(second))
        #expect(FileNameText.name(first).utf8.count <= 160)
        #expect(FileNameText.name(first).hasPrefix("%C3%A9"))
    }

    @Test("a cell's text is shortened at a word's end, with an ellipsis, never mid-word (a word longer than the cell is cut)")
    func shortened() {
        #expect(TerminalText.shortened("the build failed", to: 100) == "the build failed")
        #expect(TerminalText.shortened("games: game 2: The bot crashed", to: 20) == "games: game 2: The…")
        #expect(TerminalText.shortened("supercalifragilistic", to: 10) == "supercali…")
    }
}
