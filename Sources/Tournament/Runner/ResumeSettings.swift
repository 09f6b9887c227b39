import Bots
import Digests
import DurationUnits
import JSONCoding

/// The settings a journal can be continued only by: those that fix the schedule, the fleets
/// and the bots' play (format, games per pairing, seed, the bots and their deadlines, the
/// game clock, the sequential test). Concurrency, polling, the server and the output folder may change
/// between a run and its continuation.
///
/// Each setting is one `key=value` line, in a fixed order, with the tournament file's key
/// names; a setting equal to its default is left out, so a setting added in a later version
/// with a default does not change the digest of a configuration that does not use it. The
/// game clock is the other way round: `time_control=10+0.1` whenever external bots play on a
/// clock, the default included, and no line without one, since every journal written before
/// clocks was played without one and is continued only so (`time_control: none`).
///
/// ```swift
/// ResumeSettings.digest(of: config)             // "9a3c…", 16 hex digits, pinned by a test
/// ResumeSettings.difference(journal: old, run: new)  // "games_per_pairing: the journal's run has 4, this one 6"
/// ```
public enum ResumeSettings {
    /// The canonical lines of `config`'s resume settings. A season's (``RunContext/isSeason``)
    /// leave out its submissions, whose versions come and go from one night to the next
    /// (``SeasonPlan``), and say `season=true`.
    public static func lines(of config: TournamentConfig) -> [(key: String, value: String)] {
        let bots = config.context.isSeason ? config.bots.filter { $0.version == nil } : config.bots
        var lines: [(key: String, value: String)] = [
            ("format", config.format.rawValue),
            ("games_per_pairing", String(config.gamesPerPairing)),
            ("seed", String(config.seed)),
            ("bots", String(bots.count)),
        ]
        if let rounds = config.rounds { lines.insert(("rounds", String(rounds)), at: 1) }
        for (position, bot) in bots.enumerated() {
            lines += botLines(bot, prefix: "bots[\(position)].")
        }
        if let shard = config.context.shard { lines.append(("shard", shard.description)) }
        if config.placement != .server { lines.append(("placement", config.placement.rawValue)) }
        if config.tellOpponent { lines.append(("tell_opponent", "true")) }
        if let clock = config.timeControl, clocksAnyBot(config) { lines.append(("time_control", clock.description)) }
        if let sprt = config.sprt {
            lines += [("sprt.elo0", "\(sprt.elo0)"), ("sprt.elo1", "\(sprt.elo1)"), ("sprt.alpha", "\(sprt.alpha)"), ("sprt.beta", "\(sprt.beta)")]
        }
        if config.context.isSeason { lines.append(("season", "true")) }
        return lines
    }

    /// Whether a clock would time any bot of `config`: an external bot, listed or (in a
    /// season, whose lines leave them out) submitted. A clock over built-ins alone changes
    /// nothing, and adds no line.
    private static func clocksAnyBot(_ config: TournamentConfig) -> Bool {
        config.context.isSeason || config.bots.contains { if case .external = $0.kind { true } else { false } }
    }

    /// What a setting without a line is, in a difference: its default, or for the clock, none.
    private static func absent(_ key: String) -> String {
        key == "time_control" ? "none" : "the default"
    }

    /// One bot's lines, each key starting with `prefix`.
    static func botLines(_ bot: BotEntry, prefix: String) -> [(key: String, value: String)] {
        var lines: [(key: String, value: String)] = [(prefix + "name", bot.name)]
        switch bot.kind {
        case .builtin(let builtIn):
            lines.append((prefix + "builtin", builtIn.rawValue))
        case .external(let spec):
            var json = JSONWriter()
            json.beginArray()
            for word in spec.command { json.string(word) }
            json.endArray()
            lines.append((prefix + "command", String(decoding: json.bytes, as: UTF8.self)))
            if spec.moveDeadline != ExternalBotSpec.defaultMoveDeadline {
                lines.append((prefix + "move_timeout_ms", String(spec.moveDeadline.wholeMilliseconds)))
            }
            if spec.startupDeadline != ExternalBotSpec.defaultStartupDeadline {
                lines.append((prefix + "startup_timeout_ms", String(spec.startupDeadline.wholeMilliseconds)))
            }
            if let folder = spec.folder { lines.append((prefix + "dir", folder)) }
            if !spec.sandbox.isEnabled { lines.append((prefix + "sandbox", "none")) }
            if !spec.sandbox.readOnlyPaths.isEmpty { lines.append((prefix + "sandbox.read_only", spec.sandbox.readOnlyPaths.joined(separator: ":"))) }
            lines += limitLines(spec.limits, prefix: prefix)
        }
        return lines
    }

    /// The first setting of play (deadlines, limits, sandbox) in which one version of a
    /// submission differs between the journal's night and this run, in one line; nil when
    /// they agree. Its name, command and folder are left out: those are the version's.
    public static func playDifference(journal: BotEntry, run: BotEntry) -> String? {
        let prefix = "bots[\(run.name)]."
        let ignored: Set<String> = [prefix + "name", prefix + "command", prefix + "dir"]
        return firstDifference(
            botLines(journal, prefix: prefix).filter { !ignored.contains($0.key) }, botLines(run, prefix: prefix).filter { !ignored.contains($0.key) }
        )
    }

    /// The limits that differ from their defaults, as the tournament file names them.
    private static func limitLines(_ limits: ResourceLimits, prefix: String) -> [(key: String, value: String)] {
        let defaults = ResourceLimits()
        return ResourceLimits.fileKeys.filter { limits[keyPath: $0.limit] != defaults[keyPath: $0.limit] }.map { key in
            (prefix + key.snakeCaseMember, limits[keyPath: key.limit].map(String.init) ?? "none")
        }
    }

    /// FNV-1a (64 bits, ``Digests/FNV1a64``) of the lines, each `key=value` and a newline, as 16 hex digits.
    public static func digest(of config: TournamentConfig) -> String {
        var hasher = FNV1a64()
        for line in lines(of: config) { hasher.update("\(line.key)=\(line.value)\n") }
        return hasher.hex
    }

    /// The first resume setting in which `run` differs from `journal`, in one line; nil when
    /// they agree on all of them.
    public static func difference(journal: TournamentConfig, run: TournamentConfig) -> String? {
        // Bots added or left out are named, not only counted: "this run adds `mia-late`".
        let oldNames = (journal.context.isSeason ? journal.bots.filter { $0.version == nil } : journal.bots).map(\.name)
        let newNames = (run.context.isSeason ? run.bots.filter { $0.version == nil } : run.bots).map(\.name)
        if oldNames.count != newNames.count {
            let added = newNames.filter { !oldNames.contains($0) }
            let removed = oldNames.filter { !newNames.contains($0) }
            var parts: [String] = []
            if !added.isEmpty { parts.append("this run adds " + added.map { "`\($0)`" }.joined(separator: ", ")) }
            if !removed.isEmpty { parts.append("it leaves out " + removed.map { "`\($0)`" }.joined(separator: ", ")) }
            let named = parts.isEmpty ? "" : parts.joined(separator: " and ") + "; "
            return "bots: \(named)the journal's run has \(oldNames.count), this one \(newNames.count)"
        }
        return firstDifference(lines(of: journal), lines(of: run))
    }

    /// The first key whose value differs between two sets of lines, in one line.
    private static func firstDifference(_ old: [(key: String, value: String)], _ new: [(key: String, value: String)]) -> String? {
        let oldValues = Dictionary(old, uniquingKeysWith: { first, _ in first })
        let newValues = Dictionary(new, uniquingKeysWith: { first, _ in first })
        for key in (old + new).map(\.key) where oldValues[key] != newValues[key] {
            // A setting equal to its default has no line (the clock: none has none).
            return "\(key): the journal's run has \(oldValues[key] ?? absent(key)), this one \(newValues[key] ?? absent(key))"
        }
        return nil
    }
}
