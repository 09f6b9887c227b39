import BattleshipClient
import BattleshipRules
import Bots

/// Both seats of a game that this runner plays, as two independent players: each seat is a
/// task of its own that polls `/status` on its grid (``BattleshipClient/TurnPoller``) and
/// fires when told it is its turn, as two remote clients would, nothing waking either. This
/// is `salvo run --pure-polling` (`wake_local_opponent: false`), which shows the hand-offs
/// that remote players see; every other local game is played by ``SeatsInOneTask``.
struct PollingSeats {
    let seats: SeatPair<LocalSeat>
    let pollInterval: Duration
    let log: ShotLog

    /// Plays until both seats have seen the end, a bot faults, the server fails or the task
    /// is cancelled; returns each seat's end and bot. The first seat to end otherwise than by
    /// seeing the end stops the other, which then ends `cancelled`.
    func play() async -> SeatPair<(end: SeatEnd, bot: any Bot)> {
        await withTaskGroup(of: (PlayerSeat, SeatEnd, any Bot).self) { group in
            for seat in PlayerSeat.allCases {
                let player = seats[seat]
                group.addTask { await Self.play(player, pollInterval: pollInterval, log: log) }
            }
            var ends = SeatPair<(end: SeatEnd, bot: any Bot)?>(one: nil, two: nil)
            while let (seat, end, bot) = await group.next() {
                ends[seat] = (end, bot)
                if case .finished = end { continue }
                group.cancelAll()
            }
            return SeatPair { seat in ends[seat] ?? (.cancelled, seats[seat].bot) }
        }
    }

    /// One player's loop: wait for the turn, play it, until the server names a winner.
    private static func play(_ player: LocalSeat, pollInterval: Duration, log: ShotLog) async -> (PlayerSeat, SeatEnd, any Bot) {
        var player = player
        let poller = TurnPoller(client: player.client, gameId: player.gameId, playerId: player.playerId, interval: pollInterval)
        do {
            if player.seat == .two {
                // Both players start at the same instant here, and two pollers in phase each
                // poll just before the other's shot lands, so every hand-off would take a
                // whole interval. Remote players' phases are independent; half an interval
                // apart is their mean case. Seat one moves first, so this delays nothing.
                try await Task.sleep(for: pollInterval / 2)
            }
            while true {
                switch try await poller.waitForTurn() {
                case .finished(let winner): return (player.seat, .finished(winner: winner), player.bot)
                case .yourTurn: try await player.playTurn(log: log)
                }
            }
        } catch {
            return (player.seat, LocalSeat.end(after: error), player.bot)
        }
    }
}
