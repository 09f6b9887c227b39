import Foundation
import Yams

/// Reads a tournament file (YAML) into a ``TournamentConfig``, checking every key and value
/// and naming the line of the first problem. The format is documented in tournaments/README.md.
///
/// ```yaml
/// name: demo
/// format: round-robin
/// games_per_pairing: 4
/// bots:
///   - density                       # a built-in, named after itself
///   - name: hunter
///     builtin: hunt-target
///   - name: py-random
///     command: python3 bots/python/random_bot.py
///     move_timeout_ms: 1000
/// ```
public struct TournamentFileParser {
    /// The run's output folder when the command line overrides the file's `output:`: a
    /// `bots_from:` folder's submissions are copied and built in `OUTPUT/submissions`.
    public var outputDirectory: String?
    /// Whether the run's external bots are unsandboxed (`--no-sandbox`), and with them the
    /// submissions' builds.
    public var sandboxDisabled: Bool

    public init(outputDirectory: String? = nil, sandboxDisabled: Bool = false) {
        self.outputDirectory = outputDirectory
        self.sandboxDisabled = sandboxDisabled
    }

    static let topLevelKeys = [
        "name", "format", "bots", "games_per_pairing", "concurrency", "poll_interval_ms", "rate_limit",
        "server", "seed", "output", "stall_timeout_s", "wake_local_opponent", "sprt", "sandbox", "limits", "restart",
        "rounds", "bots_from",
    ]
    static let sprtKeys = ["elo0", "elo1", "alpha", "beta"]
    /// Games per pairing when a file has `sprt:` but no `games_per_pairing:`: the test's cap.
    static let sprtDefaultGameCap = 1_000
    static let botKeys = ["name", "builtin", "command", "move_timeout_ms", "startup_timeout_ms", "dir", "sandbox", "restart"]
        + TournamentFileReader.limitKeys.map(\.key)

    /// Reads the file at `path`: its configuration alone (the submissions of `bots_from:` that
    /// are entered are among its bots; ``read(fileAt:)`` also tells which are not).
    public func parse(fileAt path: String) throws(TournamentFileError) -> TournamentConfig {
        try read(fileAt: path).config
    }

    /// Reads YAML `text`; `file` names it in errors.
    public func parse(_ text: String, file: String) throws(TournamentFileError) -> TournamentConfig {
        try read(text, file: file).config
    }

    /// Reads the file at `path`, entering the submissions of its `bots_from:` (discovered,
    /// built and checked before this returns).
    public func read(fileAt path: String) throws(TournamentFileError) -> TournamentFile {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw TournamentFileError(file: path, line: nil, message: "cannot read the file (\(error.localizedDescription)); check the path")
        }
        var file = try read(text, file: path)
        file.config.sourceFile = URL(fileURLWithPath: path).standardizedFileURL.path
        file.config.workingDirectory = FileManager.default.currentDirectoryPath
        return file
    }

    /// Reads YAML `text`; `file` names it in errors.
    public func read(_ text: String, file: String) throws(TournamentFileError) -> TournamentFile {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw TournamentFileError(file: file, line: nil, message: "the file is empty; it needs at least `name:` and `bots:`")
            }
            root = node
        } catch let error as TournamentFileError {
            throw error
        } catch let error as YamlError {
            throw TournamentFileError(file: file, line: Self.line(of: error), message: "not valid YAML: \(Self.summary(of: error))")
        } catch {
            throw TournamentFileError(file: file, line: nil, message: "not valid YAML: \(error)")
        }
        return try TournamentFileReader(file: file, outputOverride: outputDirectory, sandboxDisabled: sandboxDisabled).read(from: root)
    }

    private static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): mark.line
        default: nil
        }
    }

    private static func summary(of error: YamlError) -> String {
        switch error {
        case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _): problem
        default: "\(error)"
        }
    }
}
