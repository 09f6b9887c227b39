import Bots

/// A bot entered in a tournament: a display name and how to run it.
public struct BotEntry: Hashable, Sendable {
    /// How a bot is run: a strategy built into Salvo, or an external program speaking the
    /// line protocol of bots/PROTOCOL.md. One enum for the command line and tournament files.
    public typealias Kind = BotSpec

    /// The name shown in tables and reports; unique within a tournament.
    public var name: String
    public var kind: Kind
    /// Which state of a submission this is: the first 12 hex digits of the SHA-256 of its
    /// folder's contents and build settings (``Submissions/SubmittedBot/version``); nil for a
    /// bot listed in the tournament file, whose settings are its identity.
    public var version: String?

    public init(name: String, kind: Kind, version: String? = nil) {
        self.name = name
        self.kind = kind
        self.version = version
    }

    /// The name with the version, as the season's printouts name a version: `alice@3f9c2a1b7d04`.
    public var versionedName: String {
        Self.versionedName(name, version: version)
    }

    /// `name@version`, or the name alone without a version.
    public static func versionedName(_ name: String, version: String?) -> String {
        version.map { "\(name)@\($0)" } ?? name
    }

    /// Whether the bot is a program of its own (run as a child process).
    public var isExternal: Bool {
        if case .external = kind { true } else { false }
    }
}
