import Foundation

/// One side's clock in one game (``TimeControl``): the bank left, in nanoseconds of the wall
/// clock, and what the bot has used. Each move's time, from the runner's `your-turn` to the
/// bot's shot read, is taken from the bank, then the increment is added; the fleet a bot
/// places (`place-fleet` to its `fleet` line) is taken from it too, with no increment.
///
/// ```swift
/// var clock = GameClock(TimeControl(baseMilliseconds: 2_000, incrementMilliseconds: 100))
/// clock.flagFall(movingSince: start)       // start + 2 s: the bank is out then
/// clock.moved(after: 600_000_000)         // 2.0 - 0.6 + 0.1: 1.5 s left
/// ```
struct GameClock: Hashable, Sendable {
    let control: TimeControl
    /// The bank left, in nanoseconds.
    private(set) var remaining: UInt64
    /// The time used so far in the game, in nanoseconds: every move's and the fleet's.
    private(set) var used: UInt64 = 0
    /// The moves made (shots read) so far in the game.
    private(set) var moves = 0
    /// Whether the bot placed its fleet on this clock.
    private(set) var placedFleet = false

    init(_ control: TimeControl) {
        self.control = control
        remaining = UInt64(control.baseMilliseconds) * 1_000_000
    }

    /// When the bank runs out (monotonic nanoseconds) for a move begun at `start`.
    func flagFall(movingSince start: UInt64) -> UInt64 {
        start &+ remaining
    }

    /// A move answered after `elapsed` nanoseconds: taken from the bank (never below empty: a
    /// shot read before the flag fell counts, however late the runner woke), then the
    /// increment added.
    mutating func moved(after elapsed: UInt64) {
        used &+= elapsed
        moves += 1
        remaining = remaining - min(remaining, elapsed) + UInt64(control.incrementMilliseconds) * 1_000_000
    }

    /// A fleet placed after `elapsed` nanoseconds: taken from the bank, with no increment.
    mutating func placed(after elapsed: UInt64) {
        used &+= elapsed
        placedFleet = true
        remaining -= min(remaining, elapsed)
    }

    /// The fault of a bot whose bank ran out `elapsed` nanoseconds into its move (or its fleet,
    /// with `placing`): "it ran out of its game clock (10+0.1): 10.3 s used over 4 moves".
    func outOfTime(after elapsed: UInt64, placing: Bool = false) -> BotFault {
        let total = Double(used &+ elapsed) / 1e9
        let moves = self.moves + (placing ? 0 : 1)
        var over = "over \(moves) move\(moves == 1 ? "" : "s")"
        if placing {
            over = "placing its fleet"
        } else if placedFleet {
            over += " and its fleet"
        }
        return .outOfTime("it ran out of its game clock (\(control)): \(String(format: "%.1f", total)) s used \(over)")
    }
}
