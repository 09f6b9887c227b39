import BattleshipRules
import DurationUnits

/// The shots of one game as the two local players make them: the replay's record, the
/// opponent's mailbox (each bot is told the other's shots), and the time of the last
/// progress for the stall watchdog.
///
/// Each seat's shots are kept apart, in the order that seat fired them, and the game's order
/// is rebuilt from the rule that turns alternate from the creator: the `k`-th shot of seat
/// one is shot `2k`, of seat two shot `2k + 1`. Appending in arrival order instead would
/// record the order in which the two players' tasks happened to resume after their replies,
/// which on a busy machine is not always the order the server accepted the shots.
actor ShotLog {
    private var bySeat: [PlayerSeat: [ShotRecord]] = [.one: [], .two: []]
    private(set) var lastProgress = ContinuousClock.now
    private let start: ContinuousClock.Instant

    init(start: ContinuousClock.Instant) {
        self.start = start
    }

    /// Every shot in the order the server accepted them.
    var shots: [ShotRecord] {
        let one = bySeat[.one] ?? []
        let two = bySeat[.two] ?? []
        var shots: [ShotRecord] = []
        shots.reserveCapacity(one.count + two.count)
        for turn in 0..<max(one.count, two.count) {
            if turn < one.count { shots.append(one[turn]) }
            if turn < two.count { shots.append(two[turn]) }
        }
        return shots
    }

    /// Records an accepted shot by `seat`.
    func append(seat: PlayerSeat, cell: Coordinate, result: ShotResult) {
        let milliseconds = Int((ContinuousClock.now - start).milliseconds)
        bySeat[seat, default: []].append(
            ShotRecord(seat: seat, x: cell.x, y: cell.y, hit: result.isHit, sunk: result.sunkLength, atMilliseconds: milliseconds))
        lastProgress = .now
    }

    /// Marks progress without a shot (a game that just started).
    func touch() {
        lastProgress = .now
    }

    /// The shots the opponent of `seat` fired from its `cursor`-th on, in order; moves the
    /// cursor past them.
    func opponentShots(of seat: PlayerSeat, from cursor: Int) -> (shots: [ShotRecord], cursor: Int) {
        let theirs = bySeat[seat.opponent] ?? []
        return (Array(theirs[min(cursor, theirs.count)...]), theirs.count)
    }
}
