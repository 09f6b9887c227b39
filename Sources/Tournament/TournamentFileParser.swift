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
    /// The names a `builtin:` may take.
    public var builtinNames: Set<String>

    public init(builtinNames: Set<String>) {
        self.builtinNames = builtinNames
    }

    static let topLevelKeys = [
        "name", "format", "bots", "games_per_pairing", "concurrency", "poll_interval_ms", "rate_limit",
        "server", "seed", "output", "stall_timeout_s", "wake_local_opponent", "sprt",
    ]
    static let sprtKeys = ["elo0", "elo1", "alpha", "beta"]
    /// Games per pairing when a file has `sprt:` but no `games_per_pairing:`: the test's cap.
    static let sprtDefaultGameCap = 1_000
    static let botKeys = ["name", "builtin", "command", "move_timeout_ms", "startup_timeout_ms"]

    /// Reads the file at `path`.
    public func parse(fileAt path: String) throws(TournamentFileError) -> TournamentConfig {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw TournamentFileError(file: path, line: nil, message: "cannot read the file (\(error.localizedDescription)); check the path")
        }
        return try parse(text, file: path)
    }

    /// Reads YAML `text`; `file` names it in errors.
    public func parse(_ text: String, file: String) throws(TournamentFileError) -> TournamentConfig {
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
        var reader = Reader(file: file, builtinNames: builtinNames)
        return try reader.config(from: root)
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

/// Walks the YAML tree, one check per value.
private struct Reader {
    let file: String
    let builtinNames: Set<String>

    func fail(_ node: Node?, _ message: String) -> TournamentFileError {
        TournamentFileError(file: file, line: node?.mark?.line, message: message)
    }

    mutating func config(from root: Node) throws(TournamentFileError) -> TournamentConfig {
        guard let mapping = root.mapping else {
            throw fail(root, "the file must be a mapping of keys such as `name:` and `bots:`")
        }
        var values: [String: Node] = [:]
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else { throw fail(keyNode, "keys must be plain words") }
            guard TournamentFileParser.topLevelKeys.contains(key) else {
                throw fail(keyNode, "unknown key `\(key)`\(Self.suggestion(for: key, among: TournamentFileParser.topLevelKeys)); known keys: \(TournamentFileParser.topLevelKeys.joined(separator: ", "))")
            }
            values[key] = value
        }
        guard let nameNode = values["name"] else { throw fail(root, "missing `name:` (the tournament's name, used for reports/NAME)") }
        let name = try string(nameNode, "name")
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) else {
            throw fail(nameNode, "`name` must be letters, digits, '-', '_' or '.', since it names a folder; got `\(name)`")
        }
        guard let botsNode = values["bots"] else { throw fail(root, "missing `bots:` (a list of at least two bots)") }
        let bots = try self.bots(botsNode)

        var config = TournamentConfig(name: name, bots: bots)
        if let node = values["format"] {
            let text = try string(node, "format")
            guard let format = TournamentFormat(rawValue: text) else {
                throw fail(node, "`format` must be one of \(TournamentFormat.allCases.map(\.rawValue).joined(separator: ", ")); got `\(text)`")
            }
            config.format = format
        }
        if let node = values["games_per_pairing"] { config.gamesPerPairing = try integer(node, "games_per_pairing", 1...1_000_000) }
        if let node = values["concurrency"] { config.concurrency = try integer(node, "concurrency", 1...10_000) }
        if let node = values["poll_interval_ms"] { config.pollIntervalMilliseconds = try integer(node, "poll_interval_ms", 1...60_000) }
        if let node = values["rate_limit"] {
            if node.null != nil || node.string == "none" {
                config.rateLimit = nil
            } else {
                guard let rate = node.float, rate > 0 else { throw fail(node, "`rate_limit` must be a positive number of requests per second, or `none`") }
                config.rateLimit = rate
            }
        }
        if let node = values["server"] {
            let text = try string(node, "server")
            guard let choice = ServerChoice(parsing: text) else {
                throw fail(node, "`server` must be \(ServerChoice.expected); got `\(text)`")
            }
            config.server = choice
        }
        if let node = values["seed"] {
            guard let text = node.string, let seed = UInt64(text) else { throw fail(node, "`seed` must be a whole number from 0 to 18446744073709551615") }
            config.seed = seed
        }
        if let node = values["output"] { config.outputDirectory = try string(node, "output") }
        if let node = values["stall_timeout_s"] {
            guard let seconds = node.float, seconds > 0 else { throw fail(node, "`stall_timeout_s` must be a positive number of seconds") }
            config.stallTimeoutSeconds = seconds
        }
        if let node = values["wake_local_opponent"] {
            guard let flag = node.bool else { throw fail(node, "`wake_local_opponent` must be true or false") }
            config.wakeLocalOpponent = flag
        }
        if let node = values["sprt"] {
            guard bots.count == 2 else {
                throw fail(node, "`sprt` tests a match between two bots; this file lists \(bots.count). Remove `sprt:` or keep two bots")
            }
            config.sprt = try sprt(node)
            if values["games_per_pairing"] == nil { config.gamesPerPairing = TournamentFileParser.sprtDefaultGameCap }
        }
        return config
    }

    /// `sprt: {elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05}`; alpha and beta default to 0.05.
    func sprt(_ node: Node) throws(TournamentFileError) -> SPRTSettings {
        guard let mapping = node.mapping else {
            throw fail(node, "`sprt` must be a mapping such as `{elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05}`")
        }
        var values: [String: Node] = [:]
        for (keyNode, value) in mapping {
            guard let key = keyNode.string, TournamentFileParser.sprtKeys.contains(key) else {
                let key = keyNode.string ?? "?"
                throw fail(keyNode, "unknown `sprt` key `\(key)`\(Self.suggestion(for: key, among: TournamentFileParser.sprtKeys)); known keys: \(TournamentFileParser.sprtKeys.joined(separator: ", "))")
            }
            values[key] = value
        }
        func number(_ key: String) throws(TournamentFileError) -> Double? {
            guard let node = values[key] else { return nil }
            guard let value = node.float, value.isFinite else { throw fail(node, "`sprt.\(key)` must be a number; got `\(node.string ?? "?")`") }
            return value
        }
        guard let elo0 = try number("elo0"), let elo1 = try number("elo1") else {
            throw fail(node, "`sprt` needs `elo0` and `elo1`, the Elo differences of H0 and H1 (e.g. elo0: 0, elo1: 10)")
        }
        guard elo1 > elo0 else { throw fail(values["elo1"], "`sprt.elo1` must be greater than `elo0`; got elo0 \(elo0), elo1 \(elo1)") }
        let alpha = try number("alpha") ?? 0.05, beta = try number("beta") ?? 0.05
        for (key, value) in [("alpha", alpha), ("beta", beta)] where !(value > 0 && value < 0.5) {
            throw fail(values[key], "`sprt.\(key)` must be an error rate above 0 and below 0.5; got \(value)")
        }
        return SPRTSettings(elo0: elo0, elo1: elo1, alpha: alpha, beta: beta)
    }

    func bots(_ node: Node) throws(TournamentFileError) -> [BotEntry] {
        guard let sequence = node.sequence else { throw fail(node, "`bots` must be a list, one bot per `- ` line") }
        var bots: [BotEntry] = []
        for item in sequence {
            let bot = try self.bot(item)
            guard !bots.contains(where: { $0.name == bot.name }) else {
                throw fail(item, "two bots are named `\(bot.name)`; give each a distinct `name:`")
            }
            bots.append(bot)
        }
        guard bots.count >= 2 else { throw fail(node, "a tournament needs at least two bots; \(bots.count) listed") }
        return bots
    }

    func bot(_ node: Node) throws(TournamentFileError) -> BotEntry {
        if let name = node.scalar?.string {
            guard builtinNames.contains(name) else {
                throw fail(node, "`\(name)` is not a built-in bot (\(builtinNames.sorted().joined(separator: ", "))); for a program write `- name: ...` and `command: ...`")
            }
            return BotEntry(name: name, kind: .builtin(name))
        }
        guard let mapping = node.mapping else { throw fail(node, "a bot is a built-in's name or a mapping with `name:` and `builtin:` or `command:`") }
        var values: [String: Node] = [:]
        for (keyNode, value) in mapping {
            guard let key = keyNode.string, TournamentFileParser.botKeys.contains(key) else {
                let key = keyNode.string ?? "?"
                throw fail(keyNode, "unknown bot key `\(key)`\(Self.suggestion(for: key, among: TournamentFileParser.botKeys)); known keys: \(TournamentFileParser.botKeys.joined(separator: ", "))")
            }
            values[key] = value
        }
        let builtin = try values["builtin"].map { node throws(TournamentFileError) in try string(node, "builtin") }
        guard let nameNode = values["name"] ?? values["builtin"] else { throw fail(node, "a bot needs `name:`") }
        let name = try string(nameNode, "name")
        guard !name.isEmpty, name.count <= 48 else { throw fail(nameNode, "a bot's name must be 1 to 48 characters") }
        switch (builtin, values["command"]) {
        case (let builtin?, nil):
            guard builtinNames.contains(builtin) else {
                throw fail(values["builtin"], "unknown built-in `\(builtin)`; choose one of \(builtinNames.sorted().joined(separator: ", "))")
            }
            for key in ["move_timeout_ms", "startup_timeout_ms"] where values[key] != nil {
                throw fail(values[key], "`\(key)` applies to external bots (`command:`) only")
            }
            return BotEntry(name: name, kind: .builtin(builtin))
        case (nil, let commandNode?):
            let command = try self.command(commandNode)
            let move = try values["move_timeout_ms"].map { node throws(TournamentFileError) in try integer(node, "move_timeout_ms", 1...600_000) } ?? 1_000
            let startup = try values["startup_timeout_ms"].map { node throws(TournamentFileError) in try integer(node, "startup_timeout_ms", 1...600_000) } ?? 5_000
            return BotEntry(name: name, kind: .external(command: command, moveTimeoutMilliseconds: move, startupTimeoutMilliseconds: startup))
        case (.some, .some):
            throw fail(node, "bot `\(name)` has both `builtin:` and `command:`; keep one")
        case (nil, nil):
            throw fail(node, "bot `\(name)` needs `builtin:` (one of \(builtinNames.sorted().joined(separator: ", "))) or `command:`")
        }
    }

    /// A command as a list of words, or as one line split at white space (with '…' or "…"
    /// quoting words that contain spaces).
    func command(_ node: Node) throws(TournamentFileError) -> [String] {
        var words: [String]
        if let sequence = node.sequence {
            words = []
            for item in sequence { words.append(try string(item, "command")) }
        } else {
            words = Self.splitCommandLine(try string(node, "command"))
        }
        guard !words.isEmpty, !words[0].isEmpty else { throw fail(node, "`command` is empty; give the program and its arguments") }
        return words
    }

    static func splitCommandLine(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(current); current = ""; inWord = false }
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    func string(_ node: Node, _ key: String) throws(TournamentFileError) -> String {
        guard let scalar = node.scalar else { throw fail(node, "`\(key)` must be a single value, not a list or mapping") }
        return scalar.string
    }

    func integer(_ node: Node, _ key: String, _ range: ClosedRange<Int>) throws(TournamentFileError) -> Int {
        guard let value = node.int, range.contains(value) else {
            throw fail(node, "`\(key)` must be a whole number from \(range.lowerBound) to \(range.upperBound); got `\(node.string ?? "?")`")
        }
        return value
    }

    /// `; did you mean 'x'?` for a key one or two edits away from a known one.
    static func suggestion(for key: String, among known: [String]) -> String {
        guard let best = known.min(by: { distance(key, $0) < distance(key, $1) }), distance(key, best) <= 2 else { return "" }
        return "; did you mean `\(best)`?"
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
