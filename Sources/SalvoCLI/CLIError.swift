import ArgumentParser
import SafeText

/// A failure the user can act on: printed as one line, with exit status 1. Its text may quote
/// what a submission wrote (a label, a build's output), so control characters are shown, never
/// sent to the terminal (``SafeText/TerminalText``).
struct CLIError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = TerminalText.visible(description)
    }
}
