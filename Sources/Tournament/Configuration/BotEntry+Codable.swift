import Bots
import DurationUnits

/// A bot of the configuration's encoding (``TournamentConfig``'s `Codable`, the journal): one
/// object with `name`, `version` for a submission, and either `builtin` (the built-in's name)
/// or an external bot's settings: `command` (a list), `moveTimeoutMs`, `startupTimeoutMs`,
/// `dir`, `restart`, `sandbox` (`bubblewrap` or `none`), `readOnly` (left out when empty) and
/// `limits` (every limit by its member, ``Bots/ResourceLimits/FileKey``, `null` for none).
/// A member left out takes the tournament file's default, except `restart`: a journal without
/// it was written before processes were reused, when each game had its own.
extension BotEntry: Codable {
    enum CodingKeys: String, CodingKey {
        case name, version, builtin, command, moveTimeoutMs, startupTimeoutMs, dir, restart, sandbox, readOnly, limits
    }

    /// A limit's member, named by ``Bots/ResourceLimits/FileKey/member``.
    struct LimitKey: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(version, forKey: .version)
        switch kind {
        case .builtin(let builtIn):
            try container.encode(builtIn.rawValue, forKey: .builtin)
        case .external(let spec):
            try container.encode(spec.command, forKey: .command)
            try container.encode(Int(spec.moveDeadline.wholeMilliseconds), forKey: .moveTimeoutMs)
            try container.encode(Int(spec.startupDeadline.wholeMilliseconds), forKey: .startupTimeoutMs)
            try container.encodeIfPresent(spec.folder, forKey: .dir)
            try container.encode(spec.restart.rawValue, forKey: .restart)
            try container.encode(spec.sandbox.word, forKey: .sandbox)
            if !spec.sandbox.readOnlyPaths.isEmpty { try container.encode(spec.sandbox.readOnlyPaths, forKey: .readOnly) }
            var limits = container.nestedContainer(keyedBy: LimitKey.self, forKey: .limits)
            for key in ResourceLimits.fileKeys {
                try limits.encode(spec.limits[keyPath: key.limit], forKey: LimitKey(stringValue: key.member))
            }
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .name)
        let version = try container.decodeIfPresent(String.self, forKey: .version)
        let builtIn: BuiltInBot? = try container.decodeCase(forKey: .builtin, "built-in bot")
        let command = try container.decodeIfPresent([String].self, forKey: .command)
        switch (builtIn, command) {
        case (let builtIn?, nil):
            self.init(name: name, kind: .builtin(builtIn), version: version)
        case (nil, let command?):
            self.init(name: name, kind: .external(try Self.externalSpec(command: command, in: container)), version: version)
        default:
            throw DecodingError.dataCorrupted(
                .init(codingPath: container.codingPath, debugDescription: "a bot with neither or both of `builtin` and `command`"))
        }
    }

    /// An external bot's settings, after its command.
    private static func externalSpec(command: [String], in container: KeyedDecodingContainer<CodingKeys>) throws -> ExternalBotSpec {
        var spec = ExternalBotSpec(command: command, restart: .perGame)
        if let move = try container.decodeIfPresent(Int.self, forKey: .moveTimeoutMs) { spec.moveDeadline = .milliseconds(move) }
        if let startup = try container.decodeIfPresent(Int.self, forKey: .startupTimeoutMs) { spec.startupDeadline = .milliseconds(startup) }
        spec.folder = try container.decodeIfPresent(String.self, forKey: .dir)
        spec.restart = try container.decodeCase(forKey: .restart, "restart") ?? spec.restart
        if let word = try container.decodeIfPresent(String.self, forKey: .sandbox) {
            guard let enabled = SandboxSettings.isEnabled(word: word) else {
                throw DecodingError.dataCorruptedError(forKey: .sandbox, in: container, debugDescription: "a sandbox other than bubblewrap or none")
            }
            spec.sandbox.isEnabled = enabled
        }
        spec.sandbox.readOnlyPaths = try container.decodeIfPresent([String].self, forKey: .readOnly) ?? []
        if container.contains(.limits) {
            // A limit left out keeps its default; `null` is none.
            let limits = try container.nestedContainer(keyedBy: LimitKey.self, forKey: .limits)
            for key in ResourceLimits.fileKeys where limits.contains(LimitKey(stringValue: key.member)) {
                spec.limits[keyPath: key.limit] = try limits.decodeIfPresent(Int.self, forKey: LimitKey(stringValue: key.member))
            }
        }
        return spec
    }
}
