import ArgumentParser
import Cluster
import Foundation
import SafeText

/// The exit statuses of every `salvo` command, so that a script or a cluster engine can tell a
/// finished job from one that left work undone (docs/exit-codes.md), and the one mapping from
/// what a command threw to how it ends (``ending(of:)``).
///
/// ```sh
/// salvo run tournaments/class.yaml && salvo publish reports/class public/class   # only when complete
/// ```
enum ExitStatus {
    /// Everything asked for was done: every game has a result (or the sequential test decided).
    static let complete: Int32 = 0
    /// Nothing usable came of the command: a bad file, an unreachable server, a folder owned by
    /// another run, a failure mid-run. The message says what was wrong.
    static let error: Int32 = 1
    /// The command ran, but its result is partial: stopped by Ctrl-C, games abandoned without
    /// a result, shards missing from a merge. What was played is kept; the same command continues.
    static let incomplete: Int32 = 2
    /// A load test's `--require` was not met (`salvo load`, `salvo merge`).
    static let requirementBroken: Int32 = 3
    /// Stopped by Ctrl-C where nothing is left to continue (`salvo bot-check`), as a shell reports it.
    static let interrupted: Int32 = 130

    /// How a command that threw ends: its exit status, and the line it leaves on stderr (nil
    /// when the command has said everything already).
    struct Ending: Equatable {
        var status: Int32
        var line: String?
    }

    /// How `error`, thrown by a command's `run()`, ends `salvo`: the one table of failures and
    /// exit statuses. nil for argument-parser's own errors (``ExitCode``, `--help`, a usage
    /// error: status 64), which it ends itself.
    ///
    /// - ``CommandFailure``: the command's own failures; 1, but 2 for an incomplete result, 3
    ///   for broken requirements, 130 for a check stopped by Ctrl-C.
    /// - `MergeError.incomplete` and `.loadIncomplete`: 2, the missing shards listed.
    /// - Every other error, each module's typed error (`TournamentFileError`,
    ///   `OrchestratorError`, `ReportError`, `MergeError`, `SubmissionFolderError`, …): 1.
    ///
    /// The line is `Error: TEXT` (argument-parser's form), with control characters shown
    /// (``SafeText/TerminalText``): a text may quote what a submission wrote.
    static func ending(of error: any Error) -> Ending? {
        // `--help` and `--version` reach `run()` too, as errors of argument-parser's own types.
        if String(reflecting: type(of: error)).hasPrefix("ArgumentParser.") { return nil }
        switch error {
        case let failure as CommandFailure:
            switch failure {
            case .incomplete(let what): return Ending(status: incomplete, line: "salvo: incomplete: " + TerminalText.visible(what))
            case .incompleteExplained: return Ending(status: incomplete, line: nil)
            case .requirementsBroken: return Ending(status: requirementBroken, line: nil)
            case .checkFailed, .notEntered, .notConforming: return Ending(status: Self.error, line: nil)
            case .checkStopped: return Ending(status: interrupted, line: nil)
            default: return failed(failure)
            }
        case let merge as MergeError:
            switch merge {
            case .incomplete, .loadIncomplete: return Ending(status: incomplete, line: TerminalText.visible(merge.description))
            default: return failed(merge)
            }
        default:
            return failed(error)
        }
    }

    /// An error's ending: status 1, `Error: TEXT`.
    private static func failed(_ error: any Error) -> Ending {
        Ending(status: Self.error, line: "Error: " + TerminalText.visible(String(describing: error)))
    }

    /// Ends the process as ``ending(of:)`` says, or as argument-parser does for its own errors.
    static func exit(with error: any Error) -> Never {
        guard let ending = ending(of: error) else { Salvo.exit(withError: error) }
        if let line = ending.line { FileHandle.standardError.write(Data((line + "\n").utf8)) }
        Salvo.exit(withError: ExitCode(ending.status))
    }
}
