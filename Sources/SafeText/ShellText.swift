/// Text as one word of a POSIX `sh` command line, for the commands Salvo writes for a shell
/// or shows to be pasted into one: a report's `salvo rematch`, a shard's rerun line, the
/// Slurm scripts. The one shell quoting of Salvo (issue 41 folded two, with different sets
/// of safe characters, into this one).
///
/// A word of ASCII letters, digits and `@ % + = : , . / - _` only is written as it is: none
/// of them means anything to `sh` inside a word. (A line's first word of the form `NAME=…`
/// would be read as an assignment, not a command; Salvo's lines start with a program's path.)
/// Every other word, the empty one included, is written in single quotes, inside which `sh`
/// gives every byte as it is (spaces, `$`, backticks, `\`, newlines, non-ASCII), each `'`
/// written as `'\''` (close the quotes, an escaped quote, open them again).
///
/// ```swift
/// ShellText.word("reports/demo")            // reports/demo
/// ShellText.word("my runs/it's")            // 'my runs/it'\''s'
/// ShellText.word("")                        // ''
/// ShellText.line(["salvo", "run", "a b"])   // salvo run 'a b'
/// ```
public enum ShellText {
    /// `text` as one word: unchanged when every character is in the safe set, otherwise in
    /// single quotes with each `'` written `'\''`.
    public static func word(_ text: String) -> String {
        if !text.isEmpty, text.unicodeScalars.allSatisfy(isSafe) { return text }
        var quoted = "'"
        for scalar in text.unicodeScalars {
            if scalar == "'" { quoted += #"'\''"# } else { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "'"
    }

    /// `words` as one command line, each a word of its own (``word(_:)``), joined by spaces.
    public static func line(_ words: [String]) -> String {
        words.map(word).joined(separator: " ")
    }

    /// The characters written unquoted: ASCII letters and digits and `@%+=:,./-_`.
    static func isSafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": true
        case "@", "%", "+", "=", ":", ",", ".", "/", "-", "_": true
        default: false
        }
    }
}
