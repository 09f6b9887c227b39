import ArgumentParser

/// `--quiet`, shared by every command that prints notes (plans, progress, hints of what next)
/// besides its results; see ``Notes``.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print no progress or notes on stderr: only the results on stdout, and warnings and errors.")
    var quiet = false

    /// The notes of a command run with these options.
    var notes: Notes { Notes(quiet: quiet) }
}
