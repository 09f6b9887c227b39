import Bots

/// A bot entered in a tournament: a display name and how to run it.
public struct BotEntry: Hashable, Sendable {
    /// How a bot is run: a strategy built into Salvo, or an external program speaking the
    /// line protocol of bots/PROTOCOL.md. One enum for the command line and tournament files.
    public typealias Kind = BotSpec

    /// The name shown in tables and reports; unique within a tournament.
    public var name: String
    public var kind: Kind

    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// Whether the bot is a program of its own (run as a child process).
    public var isExternal: Bool {
        if case .external = kind { true } else { false }
    }
}
