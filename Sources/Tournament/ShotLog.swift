import BattleshipRules
import DurationUnits

/// The shots of one game as the two local players make them: the replay's record, the
/// opponent's mailbox (each bot is told the other's shots), and the time of the last
/// progress for the stall watchdog.
actor ShotLog {
    private(set) var shots: [ShotRecord] = []
    private(set) var lastProgress = ContinuousClock.now
    private let start: ContinuousClock.Instant

    init(start: ContinuousClock.Instant) {
        self.start = start
    }

    /// Records an accepted shot by `seat`.
    func append(seat: PlayerSeat, cell: Coordinate, result: ShotResult) {
        let milliseconds = Int((ContinuousClock.now - start).milliseconds)
        shots.append(ShotRecord(seat: seat, x: cell.x, y: cell.y, hit: result.isHit, sunk: result.sunkLength, atMilliseconds: milliseconds))
        lastProgress = .now
    }

    /// Marks progress without a shot (a game that just started).
    func touch() {
        lastProgress = .now
    }

    /// The shots the opponent of `seat` fired from position `cursor` on; moves the cursor.
    func opponentShots(of seat: PlayerSeat, from cursor: Int) -> (shots: [ShotRecord], cursor: Int) {
        let new = shots[min(cursor, shots.count)...].filter { $0.seat != seat }
        return (Array(new), shots.count)
    }
}
