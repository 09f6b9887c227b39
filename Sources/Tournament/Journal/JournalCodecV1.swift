import Bots
import JSONCoding

/// Reads journals of layout version 1, which Salvo wrote until layout 2: each line an object
/// with one member named after its kind (`{"started":{…}}`), a game's record under a
/// positional `_0`, and the configuration in Swift's default `Codable` shape
/// (`{"builtin":{"_0":"density"}}`). Read only: `salvo run` rewrites such a journal in the
/// current layout before it appends (``Journal/init(path:)``).
enum JournalCodecV1 {
    /// The entry one line holds (its newline left out).
    static func entry(_ line: UnsafeBufferPointer<UInt8>) throws(JSONError) -> JournalEntry {
        try JSONReader.read(line) { reader throws(JSONError) in
            var entry: JournalEntry?
            let start = try reader.beginObject()
            while let key = try reader.nextKeyView() {
                switch key {
                case "started": entry = .started(try started(&reader))
                case "created": entry = try created(&reader)
                case "joined": entry = try joined(&reader)
                case "finished":
                    var record: GameRecord?
                    let inner = try reader.beginObject()
                    while let key = try reader.nextKeyView() {
                        if key == "_0" { record = try JournalCodec.readRecord(&reader) } else { try reader.skipValue() }
                    }
                    entry = .finished(try reader.required(record, "_0", inObjectAt: inner))
                default: try reader.skipValue()
                }
            }
            return try reader.required(entry, "started, created, joined or finished", inObjectAt: start)
        }
    }

    private static func started(_ reader: inout JSONReader) throws(JSONError) -> JournalStart {
        var name: String?
        var digest: String?
        var total: Int?
        var configuration: TournamentConfig?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            switch key {
            case "name": name = try reader.string()
            case "configurationDigest": digest = try reader.string()
            case "totalGames": total = try reader.int()
            case "configuration": configuration = reader.readNull() ? nil : try self.configuration(&reader)
            default: try reader.skipValue()
            }
        }
        return JournalStart(
            name: try reader.required(name, "name", inObjectAt: start),
            configurationDigest: try reader.required(digest, "configurationDigest", inObjectAt: start),
            totalGames: try reader.required(total, "totalGames", inObjectAt: start),
            configuration: try reader.required(configuration, "configuration", inObjectAt: start)
        )
    }

    private static func created(_ reader: inout JSONReader) throws(JSONError) -> JournalEntry {
        var index: Int?
        var server: String?
        var gameId: String?
        var creator: String?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            switch key {
            case "index": index = try reader.int()
            case "server": server = try reader.string()
            case "gameId": gameId = try reader.string()
            case "creatorPlayerId": creator = try reader.string()
            default: try reader.skipValue()
            }
        }
        return .created(
            index: try reader.required(index, "index", inObjectAt: start), server: try reader.required(server, "server", inObjectAt: start),
            gameId: try reader.required(gameId, "gameId", inObjectAt: start),
            creatorPlayerId: try reader.required(creator, "creatorPlayerId", inObjectAt: start)
        )
    }

    private static func joined(_ reader: inout JSONReader) throws(JSONError) -> JournalEntry {
        var index: Int?
        var joiner: String?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            switch key {
            case "index": index = try reader.int()
            case "joinerPlayerId": joiner = try reader.string()
            default: try reader.skipValue()
            }
        }
        return .joined(
            index: try reader.required(index, "index", inObjectAt: start),
            joinerPlayerId: try reader.required(joiner, "joinerPlayerId", inObjectAt: start))
    }

    /// `TournamentConfig` as `JSONEncoder` wrote it.
    private static func configuration(_ reader: inout JSONReader) throws(JSONError) -> TournamentConfig {
        var config = TournamentConfig(name: "", bots: [])
        // Version 1 was written long before clocks: its games were played without one.
        config.timeControl = nil
        config.context.seedDerivation = .mixed
        var name: String?
        var bots: [BotEntry]?
        var output: String?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            switch key {
            case "name": name = try reader.string()
            case "format": config.format = try JournalCodec.readCase(&reader, "format")
            case "bots": bots = try JournalCodec.readArray(&reader) { reader throws(JSONError) in try bot(&reader) }
            case "gamesPerPairing": config.gamesPerPairing = try reader.int()
            case "concurrency": config.concurrency = try reader.int()
            case "pollIntervalMilliseconds": config.pollInterval = .milliseconds(try reader.int())
            case "rateLimit": config.rateLimit = reader.readNull() ? nil : try reader.double()
            case "server": config.server = try server(&reader)
            case "seed": config.seed = try reader.uint64()
            case "outputDirectory": output = try reader.string()
            case "stallTimeoutSeconds": config.stallTimeout = .milliseconds(Int((try reader.double() * 1_000).rounded()))
            case "wakeLocalOpponent": config.wakeLocalOpponent = try reader.bool()
            case "sprt": config.sprt = reader.readNull() ? nil : try JournalCodec.decoded(SPRTSettings.self, &reader)
            default: try reader.skipValue()
            }
        }
        config.name = try reader.required(name, "name", inObjectAt: start)
        config.bots = try reader.required(bots, "bots", inObjectAt: start)
        config.outputDirectory = output ?? "reports/\(config.name)"
        return config
    }

    /// `{"name":…,"kind":{"builtin":{"_0":…}}}` or `{"kind":{"external":{"command":…,…}}}`.
    private static func bot(_ reader: inout JSONReader) throws(JSONError) -> BotEntry {
        var name: String?
        var kind: BotEntry.Kind?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            guard key == "kind" else {
                if key == "name" { name = try reader.string() } else { try reader.skipValue() }
                continue
            }
            let kindStart = try reader.beginObject()
            while let key = try reader.nextKeyView() {
                switch key {
                case "builtin":
                    let text = try positionalString(&reader)
                    guard let builtIn = BuiltInBot(rawValue: text) else {
                        throw reader.invalidValue("an unknown built-in bot `\(text)`", at: kindStart)
                    }
                    kind = .builtin(builtIn)
                case "external":
                    var spec = ExternalBotSpec(command: [], restart: .perGame)
                    try reader.beginObject()
                    while let key = try reader.nextKeyView() {
                        switch key {
                        case "command":
                            try reader.beginArray()
                            while try reader.nextElement() { spec.command.append(try reader.string()) }
                        case "moveTimeoutMilliseconds": spec.moveDeadline = .milliseconds(try reader.int())
                        case "startupTimeoutMilliseconds": spec.startupDeadline = .milliseconds(try reader.int())
                        default: try reader.skipValue()
                        }
                    }
                    kind = .external(spec)
                default: try reader.skipValue()
                }
            }
        }
        return BotEntry(name: try reader.required(name, "name", inObjectAt: start), kind: try reader.required(kind, "kind", inObjectAt: start))
    }

    /// `{"embedded":{}}` or `{"url":{"_0":"http://…"}}`.
    private static func server(_ reader: inout JSONReader) throws(JSONError) -> ServerChoice {
        var choice: ServerChoice?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            switch key {
            case "embedded":
                try reader.skipValue()
                choice = .embedded
            case "url": choice = .url(try positionalString(&reader))
            default: try reader.skipValue()
            }
        }
        return try reader.required(choice, "embedded or url", inObjectAt: start)
    }

    /// `{"_0":"text"}`: an enum case's one unlabelled string.
    private static func positionalString(_ reader: inout JSONReader) throws(JSONError) -> String {
        var text: String?
        let start = try reader.beginObject()
        while let key = try reader.nextKeyView() {
            if key == "_0" { text = try reader.string() } else { try reader.skipValue() }
        }
        return try reader.required(text, "_0", inObjectAt: start)
    }
}
