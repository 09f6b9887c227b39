import Foundation

/// What a tournament says about an external bot: the program to run, its deadlines and its
/// caps. Where its stderr goes and how its process is started (directly, or in a sandbox)
/// are the runner's choices, given apart (``ExternalBot/init(_:seed:logPath:launcher:)``).
public struct ExternalBotSpec: Hashable, Sendable {
    /// The program and its arguments (run directly, not through a shell).
    public var command: [String]
    /// The CPU time allowed for each shot, from `your-turn` to `shot`; on the clock, the bot
    /// may take up to ``moveWallGuard`` when a busy machine kept it from running.
    public var moveDeadline: Duration
    /// The time allowed from launch to `ready` (handshake and new game).
    public var startupDeadline: Duration
    /// The caps on the bot's process.
    public var limits: ResourceLimits
    /// The bot's own folder, which it may read in a sandbox; nil for the folder of its
    /// program (``programFolder``).
    public var folder: String?
    /// Whether and how the bot is contained.
    public var sandbox: SandboxSettings
    /// Whether a process plays one game or many.
    public var restart: RestartPolicy

    /// The deadline for each shot unless a tournament says otherwise.
    public static let defaultMoveDeadline = Duration.seconds(1)
    /// The deadline from launch to `ready` unless a tournament says otherwise.
    public static let defaultStartupDeadline = Duration.seconds(5)

    /// An external bot run as `command`, with a 1 s move deadline and a 5 s start-up deadline.
    public init(
        command: [String],
        moveDeadline: Duration = Self.defaultMoveDeadline,
        startupDeadline: Duration = Self.defaultStartupDeadline,
        limits: ResourceLimits = ResourceLimits(),
        folder: String? = nil,
        sandbox: SandboxSettings = SandboxSettings(),
        restart: RestartPolicy = .reuse
    ) {
        self.command = command
        self.moveDeadline = moveDeadline
        self.startupDeadline = startupDeadline
        self.limits = limits
        self.folder = folder
        self.sandbox = sandbox
        self.restart = restart
    }

    /// A bot given as one command line, split into words (``words(ofCommandLine:)``) and run
    /// directly, without a shell: `python3 "my bot.py" --fast`.
    public init(commandLine: String) {
        self.init(command: Self.words(ofCommandLine: commandLine))
    }

    /// The most a move may take on the clock, whatever the CPU used: three move deadlines, and
    /// at least the deadline and 2 s.
    public var moveWallGuard: Duration {
        max(moveDeadline * 3, moveDeadline + .seconds(2))
    }

    /// A short label for reports: the command's words.
    public var label: String {
        command.joined(separator: " ")
    }

    /// The words of a command line, split at white space, with '…' or "…" quoting words that
    /// contain spaces; no other shell syntax.
    public static func words(ofCommandLine line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord {
                    words.append(current)
                    current = ""
                    inWord = false
                }
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    /// The folder of the bot's program: the folder of the first word of the command, after
    /// the interpreter, that names an existing file (`bots/python` for
    /// `python3 bots/python/random_bot.py`); nil when no word does.
    public var programFolder: String? {
        for word in command where word.contains("/") && !word.hasPrefix("-") {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: word, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            let absolute = URL(fileURLWithPath: word).standardizedFileURL.resolvingSymlinksInPath()
            // An interpreter in the system's folders is not the bot's program.
            if absolute.path.hasPrefix("/usr/") || absolute.path.hasPrefix("/bin/") { continue }
            return absolute.deletingLastPathComponent().path
        }
        return nil
    }
}
