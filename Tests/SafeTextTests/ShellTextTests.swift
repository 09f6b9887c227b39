import Foundation
import SafeText
import SalvoTestSupport
import Testing

/// Shell words through a real `/bin/sh`: what goes in quoted comes back byte for byte.
@Suite("Shell words")
struct ShellTextTests {
    /// Words a folder, a URL or a file name could hold: spaces, quotes of both kinds, `$`,
    /// backticks, backslashes, globs, newlines, tabs, non-ASCII, the empty word, and the safe
    /// characters alone (left unquoted).
    static let words = [
        "", "plain", "my runs/it's", "'", "''", "a'b'c", "\"double\"", "$HOME", "$(rm -rf ~)", "`id`", #"back\slash\n"#,
        "*", "a b\tc", "line one\nline two\n", "élève/日本語 🚢", "-n", "%s %d", "~user", "a=b", "@%+=:,./-_Az09", "!#&;<>|(){}[]?",
    ]

    @Test("each word, quoted, comes back from /bin/sh -c 'printf %s WORD' byte for byte", arguments: words)
    func roundTrip(word: String) throws {
        let output = try Self.shell("printf %s " + ShellText.word(word))
        #expect(output == Array(word.utf8), "\(ShellText.word(word))")
    }

    @Test("a line of them stays that many words, each as it was")
    func line() throws {
        let words = Self.words.filter { !$0.contains("<") && !$0.contains(">") }
        let output = try Self.shell("printf '<%s>' " + ShellText.line(words))
        #expect(String(decoding: output, as: UTF8.self) == words.map { "<\($0)>" }.joined())
    }

    @Test("ASCII letters, digits and @%+=:,./-_ are written as they are; anything else, or nothing, is quoted")
    func safeSet() {
        #expect(ShellText.word("reports/demo-2") == "reports/demo-2")
        #expect(ShellText.word("user@host:/srv/a_b,c.d+e=f%20") == "user@host:/srv/a_b,c.d+e=f%20")
        #expect(ShellText.word("my runs/it's") == #"'my runs/it'\''s'"#)
        #expect(ShellText.word("") == "''")
        #expect(ShellText.word("élève") == "'élève'")
        for scalar in (0x20...0x7E).compactMap(Unicode.Scalar.init) {
            let text = String(Character(scalar))
            let safe = scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "@%+=:,./-_".unicodeScalars.contains(scalar)
            #expect((ShellText.word(text) == text) == safe, "\(text)")
        }
    }

    /// The bytes `/bin/sh -c script` writes to its standard output.
    static func shell(_ script: String) throws -> [UInt8] {
        let output = try TestProcess("/bin/sh", ["-c", script]).finishBlocking()
        #expect(output.status == 0, "\(script)")
        return Array(output.outData)
    }
}
