/// A clock per game for each external bot, as engine tournaments give one (fastchess and
/// cutechess's `tc=BASE+INC`): a bank of ``base`` on the wall clock at the start of each game,
/// from which each move's time is taken, and ``increment`` added after each move. A bot whose
/// bank runs out during a move is stopped at once and loses the game on time
/// (``ForfeitKind/time``). It bounds a whole game's time, which the per-move deadline alone
/// does not: a bot that sleeps 2.5 s a shot stays under the 3 s guard of every move
/// (docs/sandbox.md, "The clock of a game").
///
/// Written as fastchess writes it, in seconds: `10+0.1`, `2.5+0`, or `10` alone (no
/// increment); `none` in a tournament file for no clock.
///
/// ```swift
/// let control = TimeControl(parsing: "10+0.1")   // base 10 s, 0.1 s a move
/// control?.description                           // "10+0.1"
/// ```
public struct TimeControl: Hashable, Sendable, CustomStringConvertible {
    /// The bank at the start of each game, in whole milliseconds.
    public var baseMilliseconds: Int
    /// What each move adds to the bank once it is made, in whole milliseconds.
    public var incrementMilliseconds: Int

    /// A tournament's clock unless its file says otherwise: 10 s a game, and 0.1 s a move.
    public static let tournamentDefault = TimeControl(baseMilliseconds: 10_000, incrementMilliseconds: 100)
    /// The longest base (an hour) and increment (a minute) a file may give.
    public static let maximumBaseMilliseconds = 3_600_000
    public static let maximumIncrementMilliseconds = 60_000
    /// What a file's `time_control:` must be, for its errors.
    public static let expected =
        "`BASE+INC` in seconds (fastchess's notation, e.g. `10+0.1`: a bank of 10 s a game, 0.1 s added after each move), `BASE` alone for no increment, or `none` for no clock"

    public init(baseMilliseconds: Int, incrementMilliseconds: Int) {
        self.baseMilliseconds = baseMilliseconds
        self.incrementMilliseconds = incrementMilliseconds
    }

    /// `BASE+INC` or `BASE`, in seconds with at most three decimals: a base above 0 and at most
    /// an hour, an increment from 0 to a minute. Nil for anything else (`none` included: the
    /// file's reader says what that means).
    public init?(parsing text: String) {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2,
            let base = Self.milliseconds(parts[0]), base > 0, base <= Self.maximumBaseMilliseconds
        else { return nil }
        let increment = parts.count == 2 ? Self.milliseconds(parts[1]) : 0
        guard let increment, increment <= Self.maximumIncrementMilliseconds else { return nil }
        self.init(baseMilliseconds: base, incrementMilliseconds: increment)
    }

    /// The bank at the start of each game.
    public var base: Duration { .milliseconds(baseMilliseconds) }
    /// What each move adds to the bank.
    public var increment: Duration { .milliseconds(incrementMilliseconds) }

    /// `10+0.1`: fastchess's notation, in seconds, each part as short as it is exact.
    public var description: String {
        Self.seconds(baseMilliseconds) + "+" + Self.seconds(incrementMilliseconds)
    }

    /// Whole milliseconds as seconds, with no trailing zeros: 10000 is `10`, 100 is `0.1`,
    /// 2125 is `2.125`.
    static func seconds(_ milliseconds: Int) -> String {
        let whole = String(milliseconds / 1_000)
        var fraction = String(milliseconds % 1_000)
        guard fraction != "0" else { return whole }
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return whole + "." + fraction
    }

    /// Seconds written as digits with at most three decimals (`10`, `0.1`, `.5`, `2.125`),
    /// in whole milliseconds; nil for anything else (a sign, an exponent, a fourth decimal).
    static func milliseconds(_ text: Substring) -> Int? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        let whole = parts[0]
        let fraction = parts.count == 2 ? parts[1] : ""
        guard !(whole.isEmpty && fraction.isEmpty), whole.count <= 7, fraction.count <= 3 else { return nil }
        guard parts.count == 1 || !fraction.isEmpty else { return nil }
        let wholePart = whole.isEmpty ? 0 : Int(whole) ?? 0
        let fractionPart = Int(fraction + String(repeating: "0", count: 3 - fraction.count)) ?? 0
        return wholePart * 1_000 + fractionPart
    }
}
