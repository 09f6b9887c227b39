import Foundation
import Yams

/// Reads a tournament file (YAML) into a ``TournamentConfig``, checking every key and value
/// and naming the line of the first problem. The format is documented in tournaments/README.md.
/// Pure: reading a file builds and runs nothing (a `bots_from:` folder is entered by the run).
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
    public init() {}

    static let topLevelKeys = [
        "name", "format", "bots", "games_per_pairing", "concurrency", "poll_interval_ms", "rate_limit",
        "server", "seed", "output", "stall_timeout_s", "wake_local_opponent", "sprt", "sandbox", "limits", "restart",
        "rounds", "bots_from", "placement", "tell_opponent", "time_control", "matchmaking", "rating_interval",
    ]
    static let sprtKeys = ["elo0", "elo1", "alpha", "beta"]
    /// Games per pairing when a file has `sprt:` but no `games_per_pairing:`: the test's cap.
    static let sprtDefaultGameCap = 1_000
    static let botKeys =
        ["name", "builtin", "command", "move_timeout_ms", "startup_timeout_ms", "dir", "sandbox", "restart"]
        + TournamentFileReader.limitKeys.map(\.key)

    /// Reads the file at `path`: its configuration alone, with the bots of `bots:` (those of
    /// `bots_from:` are entered by the run; ``read(fileAt:)`` tells the folder).
    public func parse(fileAt path: String) throws(TournamentFileError) -> TournamentConfig {
        try read(fileAt: path).config
    }

    /// Reads YAML `text`; `file` names it in errors.
    public func parse(_ text: String, file: String) throws(TournamentFileError) -> TournamentConfig {
        try read(text, file: file).config
    }

    /// Reads the file at `path`: its configuration and its `bots_from:`.
    public func read(fileAt path: String) throws(TournamentFileError) -> TournamentFile {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw TournamentFileError(file: path, line: nil, message: "cannot read the file (\(error.localizedDescription)); check the path")
        }
        var file = try read(text, file: path)
        file.config.context = RunContext(startedHereFrom: path)
        return file
    }

    /// Reads YAML `text`; `file` names it in errors.
    public func read(_ text: String, file: String) throws(TournamentFileError) -> TournamentFile {
        try read(node: compose(text, file: file), file: file)
    }

    /// Reads a tournament file already composed by Yams: for a caller that adds keys of its
    /// own around a tournament's (the arena's `arena.yaml`) and takes them out first, the
    /// lines of the rest still named in errors.
    public func read(node root: Node, file: String) throws(TournamentFileError) -> TournamentFile {
        try TournamentFileReader(file: file).read(from: root)
    }

    /// Composes YAML `text` into Yams' tree, with the file's errors (`file` names it).
    public func compose(_ text: String, file: String) throws(TournamentFileError) -> Node {
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw TournamentFileError(file: file, line: nil, message: "the file is empty; it needs at least `name:` and `bots:`")
            }
            return node
        } catch let error as TournamentFileError {
            throw error
        } catch let error as YamlError {
            throw TournamentFileError(file: file, line: Self.line(of: error), message: "not valid YAML: \(Self.summary(of: error))")
        } catch {
            throw TournamentFileError(file: file, line: nil, message: "not valid YAML: \(error)")
        }
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
