import Foundation

/// Text as one word of a POSIX shell command line, for commands a page shows to copy.
///
/// ```swift
/// ShellQuoting.word("reports/demo")      // reports/demo
/// ShellQuoting.word("my runs/it's")      // 'my runs/it'\''s'
/// ```
public enum ShellQuoting {
    /// `text` unchanged when it holds only letters, digits and `_ . / - + , : @ %`; otherwise in
    /// single quotes, each `'` written `'\''`.
    public static func word(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_./-+,:@%".unicodeScalars.contains(scalar))
        }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
