import Bots
import Foundation
import Suggestions
import Yams

/// Walks the YAML tree, one check per value.
struct TournamentFileReader {
    let file: String

    func fail(_ node: Node?, _ message: String) -> TournamentFileError {
        TournamentFileError(file: file, line: node?.mark?.line, message: message)
    }

    func read(from root: Node) throws(TournamentFileError) -> TournamentFile {
        guard let mapping = root.mapping else {
            throw fail(root, "the file must be a mapping of keys such as `name:` and `bots:`")
        }
        var values: [String: Node] = [:]
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else { throw fail(keyNode, "keys must be plain words") }
            guard TournamentFileParser.topLevelKeys.contains(key) else {
                throw fail(
                    keyNode,
                    "unknown key `\(key)`\(KeySuggestion.suggestion(for: key, among: TournamentFileParser.topLevelKeys)); known keys: \(TournamentFileParser.topLevelKeys.joined(separator: ", "))"
                )
            }
            values[key] = value
        }
        guard let nameNode = values["name"] else { throw fail(root, "missing `name:` (the tournament's name, used for reports/NAME)") }
        let name = try string(nameNode, "name")
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) else {
            throw fail(nameNode, "`name` must be letters, digits, '-', '_' or '.', since it names a folder; got `\(name)`")
        }
        guard values["bots"] != nil || values["bots_from"] != nil else {
            throw fail(root, "missing `bots:` (a list of at least two bots) or `bots_from:` (a folder of submissions, one bot per subfolder)")
        }
        let defaults = try externalDefaults(values)
        let bots =
            try values["bots"].map { node throws(TournamentFileError) in
                try self.bots(node, defaults: defaults, minimum: values["bots_from"] == nil ? 2 : 0)
            } ?? []

        var config = TournamentConfig(name: name, bots: bots)
        if let node = values["format"] {
            let text = try string(node, "format")
            guard let format = TournamentFormat(rawValue: text) else {
                throw fail(node, "`format` must be one of \(TournamentFormat.allCases.map(\.rawValue).joined(separator: ", ")); got `\(text)`")
            }
            config.format = format
        }
        config.rounds = try rounds(values, format: config.format)
        if let node = values["games_per_pairing"] { config.gamesPerPairing = try integer(node, "games_per_pairing", 1...1_000_000) }
        if let node = values["concurrency"] { config.concurrency = try integer(node, "concurrency", 1...10_000) }
        if let node = values["poll_interval_ms"] { config.pollInterval = .milliseconds(try integer(node, "poll_interval_ms", 1...60_000)) }
        if let node = values["rate_limit"] {
            if node.null != nil || node.string == "none" {
                config.rateLimit = nil
            } else {
                guard let rate = node.float, rate > 0 else {
                    throw fail(node, "`rate_limit` must be a positive number of requests per second, or `none`")
                }
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
            guard let text = node.string, let seed = UInt64(text) else {
                throw fail(node, "`seed` must be a whole number from 0 to 18446744073709551615")
            }
            config.seed = seed
        }
        if let node = values["output"] { config.outputDirectory = try string(node, "output") }
        if let node = values["stall_timeout_s"] {
            guard let seconds = node.float, seconds > 0 else { throw fail(node, "`stall_timeout_s` must be a positive number of seconds") }
            config.stallTimeout = .milliseconds(Int((seconds * 1_000).rounded(.up)))
        }
        if let node = values["placement"] {
            let text = try string(node, "placement")
            guard let placer = FleetPlacer(rawValue: text) else {
                throw fail(
                    node,
                    "`placement` must be `server` (fleets from the games' seeds, the default) or `bots` (bots that announce `supports place` place their own); got `\(text)`"
                )
            }
            config.placement = placer
        }
        if let node = values["tell_opponent"] {
            guard let flag = node.bool else { throw fail(node, "`tell_opponent` must be true or false") }
            config.tellOpponent = flag
        }
        if let node = values["wake_local_opponent"] {
            guard let flag = node.bool else { throw fail(node, "`wake_local_opponent` must be true or false") }
            config.wakeLocalOpponent = flag
        }
        if let node = values["time_control"] { config.timeControl = try timeControl(node) }
        var botsFrom = try values["bots_from"].map { node throws(TournamentFileError) in try self.botsFrom(node, defaults: defaults) }
        // The submissions' checks (`salvo bot-check --tournament`, the arena's) play on the
        // tournament's clock, so a slow bot fails its check as it would fail its games.
        botsFrom?.timeControl = config.timeControl
        config.matchmaking = try matchmaking(values, format: config.format, season: botsFrom != nil)
        if let node = values["sprt"] {
            guard botsFrom == nil else {
                throw fail(node, "`sprt` tests a match between the two bots of `bots:`, and `bots_from:` enters a folder of them; remove one of them")
            }
            guard config.bots.count == 2 else {
                throw fail(node, "`sprt` tests a match between two bots; this file lists \(config.bots.count). Remove `sprt:` or keep two bots")
            }
            guard config.format != .swiss else {
                throw fail(node, "`sprt` tests a match between two bots, and `format: swiss` pairs a field in rounds; remove one of them")
            }
            config.sprt = try sprt(node)
            if values["games_per_pairing"] == nil { config.gamesPerPairing = TournamentFileParser.sprtDefaultGameCap }
        }
        return TournamentFile(config: config, botsFrom: botsFrom)
    }

    /// `time_control: 10+0.1` (fastchess's BASE+INC, in seconds), `time_control: 10`, or
    /// `time_control: none` for no clock (nil).
    func timeControl(_ node: Node) throws(TournamentFileError) -> TimeControl? {
        guard let text = node.scalar?.string, node.null == nil else {
            throw fail(node, "`time_control` must be \(TimeControl.expected)")
        }
        if text == "none" { return nil }
        guard let control = TimeControl(parsing: text) else {
            throw fail(
                node,
                "`time_control` must be \(TimeControl.expected), with a base above 0 and at most 3600 s and an increment of at most 60 s, in at most three decimals; got `\(text)`"
            )
        }
        return control
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
                throw fail(
                    keyNode,
                    "unknown `sprt` key `\(key)`\(KeySuggestion.suggestion(for: key, among: TournamentFileParser.sprtKeys)); known keys: \(TournamentFileParser.sprtKeys.joined(separator: ", "))"
                )
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
        let alpha = try number("alpha") ?? 0.05
        let beta = try number("beta") ?? 0.05
        for (key, value) in [("alpha", alpha), ("beta", beta)] where !(value > 0 && value < 0.5) {
            throw fail(values[key], "`sprt.\(key)` must be an error rate above 0 and below 0.5; got \(value)")
        }
        return SPRTSettings(elo0: elo0, elo1: elo1, alpha: alpha, beta: beta)
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
}
