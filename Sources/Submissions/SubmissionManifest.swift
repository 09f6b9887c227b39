import Bots

/// A submission's `bot.yaml`, as a student writes it (bots/SUBMITTING.md):
///
/// ```yaml
/// name: alice-hunter            # optional: the folder's name by default
/// command: ./bot                # run in the bot's folder
/// build: cc -O2 -o bot bot.c    # optional: a shell line, run once before play
/// memory_mb: 256                # optional limits, at most the tournament's
/// restart: per-game             # optional: a new process for every game
/// ```
public struct SubmissionManifest: Hashable, Sendable {
    /// The bot's name; nil for the folder's name.
    public var name: String?
    /// The program and its arguments, as words.
    public var command: [String]
    /// The build, a shell line (`/bin/sh -c`); nil when the bot needs none.
    public var build: String?
    /// The limits the manifest sets (in bytes, seconds or counts, as ``Bots/ResourceLimits``
    /// keeps them); nil values are "none".
    public var limits: [String: Int?]
    /// `restart:`, when given.
    public var restart: RestartPolicy?

    /// The file every submission folder holds.
    public static let fileName = "bot.yaml"
    /// Its keys.
    public static let keys = ["name", "command", "build", "restart"] + ResourceLimits.fileKeys.map(\.key)

    public init(name: String? = nil, command: [String], build: String? = nil, limits: [String: Int?] = [:], restart: RestartPolicy? = nil) {
        self.name = name
        self.command = command
        self.build = build
        self.limits = limits
        self.restart = restart
    }
}
