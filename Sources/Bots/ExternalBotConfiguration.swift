/// How to run an external bot: its command, its deadlines, its caps and its log.
public struct ExternalBotConfiguration: Hashable, Sendable {
    /// The program and its arguments (run directly, not through a shell).
    public var command: [String]
    /// The time allowed for each shot, from `your-turn` to `shot`.
    public var moveDeadline: Duration
    /// The time allowed from launch to `ready` (handshake and new game).
    public var startupDeadline: Duration
    /// The caps on the bot's process.
    public var limits: ResourceLimits
    /// The file the bot's stderr is appended to, or nil to discard it.
    public var logPath: String?

    /// An external bot run as `command`, with a 1 s move deadline and a 5 s start-up deadline.
    public init(
        command: [String],
        moveDeadline: Duration = .seconds(1),
        startupDeadline: Duration = .seconds(5),
        limits: ResourceLimits = ResourceLimits(),
        logPath: String? = nil
    ) {
        self.command = command
        self.moveDeadline = moveDeadline
        self.startupDeadline = startupDeadline
        self.limits = limits
        self.logPath = logPath
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

extension Duration {
    /// The duration in whole nanoseconds (never negative).
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
    }
}
