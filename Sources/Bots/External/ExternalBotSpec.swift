/// What a tournament says about an external bot: the program to run, its deadlines and its
/// caps. Where its stderr goes and how its process is started (directly, or in a sandbox)
/// are the runner's choices, given apart (``ExternalBot/init(_:seed:logPath:launcher:)``).
public struct ExternalBotSpec: Hashable, Sendable {
    /// The program and its arguments (run directly, not through a shell).
    public var command: [String]
    /// The time allowed for each shot, from `your-turn` to `shot`.
    public var moveDeadline: Duration
    /// The time allowed from launch to `ready` (handshake and new game).
    public var startupDeadline: Duration
    /// The caps on the bot's process.
    public var limits: ResourceLimits

    /// The deadline for each shot unless a tournament says otherwise.
    public static let defaultMoveDeadline = Duration.seconds(1)
    /// The deadline from launch to `ready` unless a tournament says otherwise.
    public static let defaultStartupDeadline = Duration.seconds(5)

    /// An external bot run as `command`, with a 1 s move deadline and a 5 s start-up deadline.
    public init(
        command: [String],
        moveDeadline: Duration = Self.defaultMoveDeadline,
        startupDeadline: Duration = Self.defaultStartupDeadline,
        limits: ResourceLimits = ResourceLimits()
    ) {
        self.command = command
        self.moveDeadline = moveDeadline
        self.startupDeadline = startupDeadline
        self.limits = limits
    }

    /// A bot given as one shell command line, run with `/bin/sh -c`.
    public init(shellCommand: String) {
        self.init(command: ["/bin/sh", "-c", shellCommand])
    }

    /// A short label for reports: the command as typed.
    public var label: String {
        command.count == 3 && command[0] == "/bin/sh" && command[1] == "-c" ? command[2] : command.joined(separator: " ")
    }
}
