import BattleshipAPI
import CurlHTTP
import Synchronization

/// Waits for one player's turn by polling `/status`: on a regular grid of ticks one interval
/// apart (``PollGrid``, from the poller's first poll), plus a poll at once when woken or when
/// a wait is asked to start with one.
///
/// It reads `winner` before `isYourTurn`, because the reference server keeps flipping the
/// turn after the end and tells the loser it may fire.
///
/// ```swift
/// let poller = TurnPoller(client: client, gameId: gameId, playerId: playerId)
/// switch try await poller.waitForTurn() {
/// case .yourTurn: // fire
/// case .finished(let winner): // game over
/// }
/// // elsewhere, when the local opponent has just moved:
/// poller.wake()
/// ```
///
/// One `waitForTurn()` at a time per poller.
public final class TurnPoller: Sendable {
    private struct State {
        var wakePending = false
        var sleeper: (id: UInt64, continuation: CheckedContinuation<Void, Never>)?
        var nextSleeperID: UInt64 = 0
        /// The timer's ticket for the current wait, cancelled when the wait ends.
        var ticket: WakeTimer.Ticket?
        /// When regular polls are due; set by the first poll or wait.
        var grid: PollGrid?
    }

    /// The client the polls go through.
    public let client: BattleshipAPIClient
    /// The game being watched.
    public let gameId: String
    /// The player whose turn is awaited.
    public let playerId: String
    /// The time between two regular polls, start to start. Default 500 ms.
    public let interval: Duration
    private let state = Mutex(State())
    /// Ends a wait at its deadline when no wake came first.
    private let timer: WakeTimer

    /// A poller for `playerId` in `gameId`; it sends nothing until ``waitForTurn()``.
    /// Its waits end at their deadlines through `timer`, by default the one all pollers share.
    public init(
        client: BattleshipAPIClient, gameId: String, playerId: String, interval: Duration = .milliseconds(500),
        timer: WakeTimer = .shared
    ) {
        self.client = client
        self.gameId = gameId
        self.playerId = playerId
        self.interval = interval
        self.timer = timer
    }

    /// Polls until it is this player's turn or the game has a winner. The first poll goes out
    /// at once; later ones on the grid's ticks, or at once when woken.
    ///
    /// - Parameter waitFirst: wait an interval (or for a wake) before the first poll; for a
    ///   player that has just fired at an opponent who will ``wake()`` it, the poll at once
    ///   would only learn that the opponent has not moved yet.
    /// - Throws: ``BattleshipClientError`` when a poll fails after its retries, and
    ///   ``BattleshipClientError/cancelled`` when the task is cancelled.
    public func waitForTurn(waitFirst: Bool = false) async throws(BattleshipClientError) -> TurnState {
        if waitFirst {
            await sleep(until: .now + interval)
        }
        while true {
            guard !Task.isCancelled else { throw .cancelled }
            let pollStart = ContinuousClock.now
            state.withLock { state in
                // A wake that came before this poll is answered by it.
                state.wakePending = false
                if state.grid == nil { state.grid = PollGrid(origin: pollStart, interval: interval) }
            }
            let status = try await client.status(gameId: gameId, playerId: playerId)
            if status.winner != WireConstants.inProgress {
                return .finished(winner: status.winner)
            }
            if status.isYourTurn {
                return .yourTurn
            }
            await sleep(until: nextTick())
        }
    }

    /// Whether a wait is in progress: a sleep until a deadline or a wake (what a test waits
    /// for before it wakes the poller).
    var isWaiting: Bool {
        state.withLock { $0.sleeper != nil }
    }

    /// The grid's next tick after now.
    private func nextTick() -> ContinuousClock.Instant {
        let now = ContinuousClock.now
        return state.withLock { state in state.grid?.tick(after: now) ?? now + interval }
    }

    /// Makes the current or next wait end at once, so the next poll goes out now: call it
    /// when the opponent is known to have just moved.
    public func wake() {
        let sleeper = state.withLock { state in
            guard let sleeper = state.sleeper else {
                state.wakePending = true
                return nil as CheckedContinuation<Void, Never>?
            }
            state.sleeper = nil
            return sleeper.continuation
        }
        sleeper?.resume()
    }

    /// Sleeps until `deadline`, a wake, or cancellation, whichever comes first.
    private func sleep(until deadline: ContinuousClock.Instant) async {
        let id = state.withLock { state in
            defer { state.nextSleeperID += 1 }
            return state.nextSleeperID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let wokenAlready = state.withLock { state in
                    if state.wakePending || Task.isCancelled {
                        state.wakePending = false
                        return true
                    }
                    state.sleeper = (id, continuation)
                    return false
                }
                if wokenAlready {
                    continuation.resume()
                    return
                }
                let ticket = timer.schedule(at: deadline) { [weak self] in self?.endSleep(id) }
                state.withLock { $0.ticket = ticket }
            }
        } onCancel: {
            endSleep(id)
        }
        // However the wait ended, its deadline is of no more use: the timer drops it unread.
        let ticket = state.withLock { state in
            defer { state.ticket = nil }
            return state.ticket
        }
        ticket?.cancel()
    }

    private func endSleep(_ id: UInt64) {
        let sleeper = state.withLock { state in
            guard let sleeper = state.sleeper, sleeper.id == id else { return nil as CheckedContinuation<Void, Never>? }
            state.sleeper = nil
            return sleeper.continuation
        }
        sleeper?.resume()
    }
}
