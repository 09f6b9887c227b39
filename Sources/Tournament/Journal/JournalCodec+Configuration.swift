import BattleshipAPI
import Bots
import DurationUnits

/// A tournament's configuration: written and read here, member by member (docs/journal.md).
/// Durations are whole milliseconds (`…Ms`); the seed is a decimal string, since it may
/// exceed what a JSON number keeps exactly elsewhere. Members left out take the tournament
/// file's defaults, so settings added later do not break older journals.
extension JournalCodec {
    static func write(_ config: TournamentConfig, to json: inout JSONWriter) {
        json.beginObject()
        json.key("name")
        json.string(config.name)
        json.key("format")
        json.string(config.format.rawValue)
        if let rounds = config.rounds {
            json.key("rounds")
            json.int(rounds)
        }
        json.key("bots")
        json.beginArray()
        for bot in config.bots { write(bot, to: &json) }
        json.endArray()
        json.key("gamesPerPairing")
        json.int(config.gamesPerPairing)
        json.key("concurrency")
        json.int(config.concurrency)
        json.key("pollIntervalMs")
        json.int(Int(config.pollInterval.wholeMilliseconds))
        if let rateLimit = config.rateLimit {
            json.key("rateLimit")
            json.double(rateLimit)
        }
        json.key("server")
        json.string(config.server.text)
        json.key("seed")
        json.string(String(config.seed))
        json.key("output")
        json.string(config.outputDirectory)
        json.key("stallTimeoutMs")
        json.int(Int(config.stallTimeout.wholeMilliseconds))
        json.key("wakeLocalOpponent")
        json.bool(config.wakeLocalOpponent)
        json.key("seedDerivation")
        json.string(config.seedDerivation.rawValue)
        if let seedKey = config.seedKey {
            json.key("seedKey")
            json.string(seedKey.description)
        }
        if let shard = config.shard {
            json.key("shard")
            json.string(shard.description)
        }
        if let sourceFile = config.sourceFile {
            json.key("sourceFile")
            json.string(sourceFile)
        }
        if let workingDirectory = config.workingDirectory {
            json.key("workingDirectory")
            json.string(workingDirectory)
        }
        if config.placement != .server {
            json.key("placement")
            json.string(config.placement.rawValue)
        }
        if config.tellOpponent {
            json.key("tellOpponent")
            json.bool(true)
        }
        if config.isSeason {
            json.key("season")
            json.bool(true)
        }
        if let sprt = config.sprt {
            json.key("sprt")
            json.beginObject()
            json.key("elo0")
            json.double(sprt.elo0)
            json.key("elo1")
            json.double(sprt.elo1)
            json.key("alpha")
            json.double(sprt.alpha)
            json.key("beta")
            json.double(sprt.beta)
            json.endObject()
        }
        json.endObject()
    }

    static func readConfiguration(_ reader: inout JSONReader) throws(JSONError) -> TournamentConfig {
        var name: String?, bots: [BotEntry]?
        var config = TournamentConfig(name: "", bots: [])
        // Journals written before keyed seeds have no member: theirs were mixed.
        config.seedDerivation = .mixed
        var output: String?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            let offset = reader.valueOffset()
            switch key {
            case "name": name = try reader.string()
            case "format": config.format = try readCase(&reader, "format")
            case "rounds": config.rounds = reader.readNull() ? nil : try reader.int()
            case "bots": bots = try readArray(&reader) { reader throws(JSONError) in try readBot(&reader) }
            case "gamesPerPairing": config.gamesPerPairing = try reader.int()
            case "concurrency": config.concurrency = try reader.int()
            case "pollIntervalMs": config.pollInterval = .milliseconds(try reader.int())
            case "rateLimit": config.rateLimit = reader.readNull() ? nil : try reader.double()
            case "server":
                let text = try reader.string()
                guard let choice = ServerChoice(parsing: text) else { throw reader.invalidValue("a server other than \(ServerChoice.expected)", at: offset) }
                config.server = choice
            case "seed":
                let text = try reader.string()
                guard let seed = UInt64(text) else { throw reader.invalidValue("a seed that is not a whole number from 0 to 2^64-1", at: offset) }
                config.seed = seed
            case "output": output = try reader.string()
            case "stallTimeoutMs": config.stallTimeout = .milliseconds(try reader.int())
            case "wakeLocalOpponent": config.wakeLocalOpponent = try reader.bool()
            case "sprt": config.sprt = reader.readNull() ? nil : try readSPRT(&reader)
            case "seedDerivation": config.seedDerivation = try readCase(&reader, "seed derivation")
            case "shard":
                let text = try reader.string()
                do {
                    config.shard = try Shard(parsing: text)
                } catch {
                    throw reader.invalidValue("a shard that is not I/N", at: offset)
                }
            case "sourceFile": config.sourceFile = try reader.string()
            case "seedKey":
                guard let key = SeedKey(hex: try reader.string()) else { throw reader.invalidValue("a seed key that is not 32 hex digits", at: offset) }
                config.seedKey = key
            case "workingDirectory": config.workingDirectory = try reader.string()
            case "placement": config.placement = try readCase(&reader, "placement")
            case "tellOpponent": config.tellOpponent = try reader.bool()
            case "season": config.isSeason = try reader.bool()
            default: try reader.skipValue()
            }
        }
        config.name = try reader.required(name, "name", inObjectAt: start)
        config.bots = try reader.required(bots, "bots", inObjectAt: start)
        config.outputDirectory = output ?? "reports/\(config.name)"
        return config
    }

    static func write(_ bot: BotEntry, to json: inout JSONWriter) {
        json.beginObject()
        json.key("name")
        json.string(bot.name)
        json.optionalMember("version", bot.version)
        switch bot.kind {
        case .builtin(let builtIn):
            json.key("builtin")
            json.string(builtIn.rawValue)
        case .external(let spec):
            json.key("command")
            json.beginArray()
            for word in spec.command { json.string(word) }
            json.endArray()
            json.key("moveTimeoutMs")
            json.int(Int(spec.moveDeadline.wholeMilliseconds))
            json.key("startupTimeoutMs")
            json.int(Int(spec.startupDeadline.wholeMilliseconds))
            if let folder = spec.folder {
                json.key("dir")
                json.string(folder)
            }
            json.key("restart")
            json.string(spec.restart.rawValue)
            json.key("sandbox")
            json.string(spec.sandbox.isEnabled ? "bubblewrap" : "none")
            if !spec.sandbox.readOnlyPaths.isEmpty {
                json.key("readOnly")
                json.beginArray()
                for path in spec.sandbox.readOnlyPaths { json.string(path) }
                json.endArray()
            }
            json.key("limits")
            write(spec.limits, to: &json)
        }
        json.endObject()
    }

    /// Every limit by its member (``Bots/ResourceLimits/FileKey``), `null` for none.
    private static func write(_ limits: ResourceLimits, to json: inout JSONWriter) {
        json.beginObject()
        for key in ResourceLimits.fileKeys {
            json.key(key.member)
            if let value = limits[keyPath: key.limit] { json.int(value) } else { json.null() }
        }
        json.endObject()
    }

    /// Limits as written above; a member left out keeps its default.
    private static func readLimits(_ reader: inout JSONReader) throws(JSONError) -> ResourceLimits {
        var limits = ResourceLimits()
        try reader.beginObject()
        while let name = try reader.nextKeyView() {
            let member = name.string
            let value: Int? = reader.readNull() ? nil : try reader.int()
            if let key = ResourceLimits.fileKeys.first(where: { $0.member == member }) { limits[keyPath: key.limit] = value }
        }
        return limits
    }

    static func readBot(_ reader: inout JSONReader) throws(JSONError) -> BotEntry {
        var name: String?, builtIn: BuiltInBot?, command: [String]?, version: String?
        var move = ExternalBotSpec.defaultMoveDeadline, startup = ExternalBotSpec.defaultStartupDeadline
        var folder: String?, sandbox = SandboxSettings(), limits = ResourceLimits()
        // Journals from before reuse: one process per game.
        var restart = RestartPolicy.perGame
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            let offset = reader.valueOffset()
            switch key {
            case "name": name = try reader.string()
            case "version": version = try reader.string()
            case "builtin": builtIn = try readCase(&reader, "built-in bot") as BuiltInBot
            case "command": command = try readArray(&reader) { reader throws(JSONError) in try reader.string() }
            case "moveTimeoutMs": move = .milliseconds(try reader.int())
            case "startupTimeoutMs": startup = .milliseconds(try reader.int())
            case "dir": folder = try reader.string()
            case "restart": restart = try readCase(&reader, "restart")
            case "sandbox":
                let text = try reader.string()
                guard text == "bubblewrap" || text == "none" else { throw reader.invalidValue("a sandbox other than bubblewrap or none", at: offset) }
                sandbox.isEnabled = text == "bubblewrap"
            case "readOnly": sandbox.readOnlyPaths = try readArray(&reader) { reader throws(JSONError) in try reader.string() }
            case "limits": limits = try readLimits(&reader)
            default: try reader.skipValue()
            }
        }
        let botName = try reader.required(name, "name", inObjectAt: start)
        switch (builtIn, command) {
        case (let builtIn?, nil):
            return BotEntry(name: botName, kind: .builtin(builtIn), version: version)
        case (nil, let command?):
            return BotEntry(name: botName, kind: .external(ExternalBotSpec(
                command: command, moveDeadline: move, startupDeadline: startup, limits: limits, folder: folder, sandbox: sandbox, restart: restart
            )), version: version)
        default:
            throw reader.invalidValue("a bot with neither or both of `builtin` and `command`", at: start)
        }
    }

    static func readSPRT(_ reader: inout JSONReader) throws(JSONError) -> SPRTSettings {
        var elo0: Double?, elo1: Double?, alpha: Double?, beta: Double?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            switch key {
            case "elo0": elo0 = try reader.double()
            case "elo1": elo1 = try reader.double()
            case "alpha": alpha = try reader.double()
            case "beta": beta = try reader.double()
            default: try reader.skipValue()
            }
        }
        return SPRTSettings(
            elo0: try reader.required(elo0, "elo0", inObjectAt: start), elo1: try reader.required(elo1, "elo1", inObjectAt: start),
            alpha: try reader.required(alpha, "alpha", inObjectAt: start), beta: try reader.required(beta, "beta", inObjectAt: start)
        )
    }
}
