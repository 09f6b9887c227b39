import ArgumentParser

/// A failure the user can act on: printed as one line, with exit status 1.
struct CLIError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
