import ArgumentParser
import Foundation

/// The exit statuses of every `salvo` command, so that a script or a cluster engine can tell a
/// finished job from one that left work undone (docs/exit-codes.md).
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

    /// Ends a command as incomplete, after `message` on stderr.
    static func incomplete(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("salvo: incomplete: \(message)\n".utf8))
        return ExitCode(incomplete)
    }
}
