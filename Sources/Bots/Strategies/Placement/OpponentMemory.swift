import BattleshipRules
import Synchronization

/// What a built-in remembers across the games of one run: each opponent's shots, as
/// ``OpponentShotMap``s, keyed by the opponent's name when the tournament tells it
/// (`tell_opponent: true`), else under one key for the whole field. A run gives each placing
/// built-in entry one memory; games end in any order, so it is shared behind a lock.
public final class OpponentMemory: Sendable {
    private let maps = Mutex<[String: OpponentShotMap]>([:])

    public init() {}

    /// What is known of `opponent` (nil: an opponent not named, the whole field).
    public func map(for opponent: String?) -> OpponentShotMap {
        maps.withLock { $0[opponent ?? "", default: OpponentShotMap()] }
    }

    /// Adds one game's shots by `opponent`, in the order fired.
    public func add(shots: [Coordinate], by opponent: String?) {
        guard !shots.isEmpty else { return }
        maps.withLock { $0[opponent ?? "", default: OpponentShotMap()].add(shots: shots) }
    }
}
