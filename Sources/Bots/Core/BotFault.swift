import BattleshipRules
import SafeText

/// Why a bot forfeits a game. A fault is data: the caller records it as the game's outcome.
public enum BotFault: Error, Hashable, Sendable, CustomStringConvertible {
    /// The program could not be started.
    case launchFailed(String)
    /// The program exited or closed its output.
    case crashed(String)
    /// No answer came within the deadline.
    case timedOut(String)
    /// The bot's clock for the game ran out during a move (``TimeControl``): it loses on time.
    case outOfTime(String)
    /// The program wrote a line that is not what the protocol expects at this point.
    case malformed(line: String, expected: String)
    /// The bot fired at a cell off the grid.
    case offGrid(Coordinate)
    /// The bot fired at a cell it had already fired at.
    case repeatedShot(Coordinate)
    /// The fleet the bot placed is not the standard fleet on the grid (the reason says why).
    case invalidFleet(String)
    /// The sandbox itself could not start the bot (bubblewrap failed before the bot ran: a
    /// folder it cannot read, a `/proc` it cannot mount): a fault of the host, never the
    /// bot's, so a game it happens in has no result.
    case sandboxFailed(String)

    /// Whether the fault is the host's, not the bot's (``sandboxFailed(_:)``).
    public var isHostFault: Bool {
        if case .sandboxFailed = self { true } else { false }
    }

    /// The fault's kind, one word in reports: `launch`, `crash`, `timeout`, `time`, `malformed`, `off-grid`, `repeat`, `fleet`.
    public var kind: ForfeitKind {
        switch self {
        case .launchFailed, .sandboxFailed: .launch
        case .crashed: .crash
        case .timedOut: .timeout
        case .outOfTime: .time
        case .malformed: .malformed
        case .offGrid: .offGrid
        case .repeatedShot: .repeatedShot
        case .invalidFleet: .invalidFleet
        }
    }

    /// `text` as one line with every control or format character (escape sequences and line
    /// breaks included) written as `\u{…}` (``SafeText/TerminalText``), so that a bot's line
    /// quoted on a terminal or in a log cannot move the cursor, recolour the screen or set the
    /// terminal's title.
    public static func printable(_ text: String) -> String {
        TerminalText.visible(text, keepingLineBreaks: false)
    }

    /// The reason, in a sentence, as recorded with the forfeit.
    public var description: String {
        switch self {
        case .launchFailed(let detail): "The bot could not be started: \(detail)"
        case .crashed(let detail): "The bot crashed: \(detail)"
        case .timedOut(let detail): "The bot timed out: \(detail)"
        case .outOfTime(let detail): "The bot lost on time: \(detail)"
        case .malformed(let line, let expected): "The bot wrote \"\(Self.printable(line))\" where \(expected) was expected"
        case .offGrid(let cell): "The bot fired off the grid at \(cell)"
        case .repeatedShot(let cell): "The bot fired twice at \(cell)"
        case .invalidFleet(let detail): "The bot placed an invalid fleet: \(detail)"
        case .sandboxFailed(let detail): "The sandbox could not start the bot: \(detail)"
        }
    }
}
