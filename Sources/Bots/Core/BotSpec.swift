/// A bot as named on the command line or in a tournament file: a built-in name, or an
/// external program.
///
/// ```swift
/// let spec = BotSpec(parsing: "python3 bots/python/random_bot.py")   // or .builtin(.density)
/// var bot = spec.makeBot(seed: GameSeeds.bot(run: 1, game: 0))
/// ```
public enum BotSpec: Hashable, Sendable, CustomStringConvertible {
    case builtin(BuiltInBot)
    case external(ExternalBotSpec)

    /// A built-in when `text` is one of `random`, `hunt-target`, `parity`, `density`,
    /// `champion`; otherwise a command line, split into words and run without a shell.
    public init(parsing text: String) {
        if let builtIn = BuiltInBot(rawValue: text) {
            self = .builtin(builtIn)
        } else {
            self = .external(ExternalBotSpec(commandLine: text))
        }
    }

    /// A fresh bot for one game, its random choices from `seed`; an external bot is started by
    /// `launcher`, its stderr appended to `logPath` (discarded when nil), and plays on
    /// `timeControl`'s clock when one is given (a built-in has none: its time is the runner's).
    public func makeBot(seed: UInt64, logPath: String? = nil, launcher: any BotLauncher = DirectLauncher(), timeControl: TimeControl? = nil)
        -> any Bot
    {
        switch self {
        case .builtin(let builtIn): builtIn.makeBot(seed: seed)
        case .external(let spec): ExternalBot(spec, seed: seed, logPath: logPath, launcher: launcher, timeControl: timeControl)
        }
    }

    /// The built-in name or the command.
    public var description: String {
        switch self {
        case .builtin(let builtIn): builtIn.rawValue
        case .external(let spec): spec.label
        }
    }
}
