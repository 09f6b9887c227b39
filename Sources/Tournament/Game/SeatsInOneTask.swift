import BattleshipAPI
import BattleshipRules
import Bots

/// Both seats of a game that this runner plays, in the calling task, one request after the
/// other, as `salvo load` plays its games: the seat whose turn it should be polls `/status`
/// and, told it is its turn, fires; then the other seat does. No task waits for another and
/// none is woken: a turn costs its poll and its guess, and nothing else (benchmarks/HISTORY.md, "Fast
/// games"). When a poll shows the end, the other seat polls once to learn it too, so a game
/// sends one poll per shot and two more.
///
/// The requests are those of two players that wake each other (what `salvo run` did with a
/// task per seat): the player that just fired would only learn that its opponent has not
/// moved yet, so it is not asked. The bots are asked and told exactly what two such players
/// ask and tell them, so a game is the same, shot for shot, either way.
///
/// A server that gives the turn to neither seat (a faulty one) is asked on behalf of the
/// other seat at once; once every seat still playing has been told no, the next poll waits
/// one poll interval, as a waiting player would, and a game that never moves is ended by
/// the runner's stall watchdog.
struct SeatsInOneTask {
    let seats: SeatPair<LocalSeat>
    let pollInterval: Duration
    let log: ShotLog

    /// Plays until both seats have seen the end, a bot faults, the server fails or the task
    /// is cancelled; returns each seat's end and bot. The seat that was acting when the game
    /// stopped carries the cause; the other, unless it had seen the end, is `cancelled`.
    func play() async -> SeatPair<(end: SeatEnd, bot: any Bot)> {
        var seats = self.seats
        var ends = SeatPair<SeatEnd?>(one: nil, two: nil)
        // The seat whose turn it should be: the creator's first, then the one that did not fire.
        var next = PlayerSeat.one
        var acting = next
        // Polls in a row that gave no seat the turn.
        var refusals = 0
        do {
            while ends.one == nil || ends.two == nil {
                acting = ends[next] == nil ? next : next.opponent
                try Task.checkCancellation()
                let status = try await seats[acting].status()
                next = acting.opponent
                // The winner before the turn: the reference server tells the loser it may fire after the end.
                if status.winner != WireConstants.inProgress {
                    ends[acting] = .finished(winner: status.winner)
                    continue
                }
                guard status.isYourTurn else {
                    refusals += 1
                    let stillPlaying = ends.one == nil && ends.two == nil ? 2 : 1
                    if refusals >= stillPlaying {
                        refusals = 0
                        try await Task.sleep(for: pollInterval)
                    }
                    continue
                }
                refusals = 0
                try await seats[acting].playTurn(log: log)
            }
        } catch {
            ends[acting] = LocalSeat.end(after: error)
        }
        return SeatPair { seat in (ends[seat] ?? .cancelled, seats[seat].bot) }
    }
}
