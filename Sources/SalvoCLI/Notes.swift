import Foundation
import SafeText

/// Where a command's notes go: standard error, so that standard output carries only its
/// results (tables, verdicts, JSON) and a script can read or redirect them alone.
///
/// A note says what the command is doing: what it is about to do, how far it is, where it
/// wrote its files, what to do next. Notes may quote what a submission wrote (its label, a
/// build's output), so every one is written through ``SafeText/TerminalText/visible(_:)``: no
/// escape sequence of a student's reaches the terminal. `--quiet` silences notes; warnings (something went less
/// well than asked) and errors are always written. docs/output.md draws the line per command.
///
/// ```swift
/// let notes = Notes(quiet: output.quiet)
/// notes.say("Loading \(url): 100 games")   // stderr, unless --quiet
/// print(table)                               // the result, on stdout
/// ```
struct Notes: Sendable {
    /// Whether notes are silenced (`--quiet`).
    let quiet: Bool

    /// Writes `line` to standard error, unless quiet.
    func say(_ line: String) {
        guard !quiet else { return }
        Self.write(line)
    }

    /// Writes `line` to standard error, quiet or not.
    func warn(_ line: String) {
        Self.write(line)
    }

    /// Writes `text`, control characters shown, and a newline to standard error, unbuffered.
    static func write(_ text: String) {
        FileHandle.standardError.write(Data((TerminalText.visible(text) + "\n").utf8))
    }
}
