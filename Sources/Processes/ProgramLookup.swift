import Foundation

/// Whether a bot's program can be run at all, checked before its process is started, so that
/// a typo in a command is a `launch` forfeit that says what was not found, not a crash.
public enum ProgramLookup {
    /// Nil when `program` names an executable file (with a `/`, as given; otherwise in one of
    /// `searchPath`'s folders); otherwise why not, in a sentence.
    public static func problem(with program: String, searchPath: [String]) -> String? {
        if program.contains("/") {
            return FileManager.default.isExecutableFile(atPath: program) ? nil : "`\(program)` is not an executable file"
        }
        if searchPath.contains(where: { FileManager.default.isExecutableFile(atPath: $0 + "/" + program) }) { return nil }
        return "`\(program)` was not found in \(searchPath.joined(separator: ":")); give its full path"
    }

    /// The runner's own PATH.
    public static var runnerPath: [String] {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
    }
}
