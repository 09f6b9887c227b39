import Bots

/// Ends a game in which nothing moves: when no shot has been accepted for the stall timeout
/// (``ShotLog/lastProgress``), the game's play is cancelled and both seats end as stalled, a
/// failure, so the game has no result and is played again. Whatever a seat reports on its way
/// out after that (a bot killed by the cancellation looks crashed) is the stall's
/// consequence, never the bot's fault.
struct StallWatchdog {
    let timeout: Duration
    let log: ShotLog

    private enum Finding: Sendable {
        case played(SeatPair<(end: SeatEnd, bot: any Bot)>)
        case stalled(String)
        /// The watchdog was cancelled: the game ended first.
        case stopped
    }

    /// Runs `play` (both seats of a game) under the watchdog; returns each seat's end and bot.
    func watch(_ play: @escaping @Sendable () async -> SeatPair<(end: SeatEnd, bot: any Bot)>) async -> SeatPair<(end: SeatEnd, bot: any Bot)> {
        await log.touch()
        let (timeout, log) = (timeout, log)
        return await withTaskGroup(of: Finding.self) { group in
            group.addTask { .played(await play()) }
            group.addTask {
                while !Task.isCancelled {
                    let idle = ContinuousClock.now - (await log.lastProgress)
                    if idle >= timeout { return .stalled("No progress for \(timeout): the game stalled") }
                    try? await Task.sleep(for: min(timeout - idle, .seconds(1)))
                }
                return .stopped
            }
            var stalled: String?
            var played: SeatPair<(end: SeatEnd, bot: any Bot)>?
            while let finding = await group.next() {
                switch finding {
                case .stalled(let reason):
                    guard played == nil else { continue }
                    stalled = reason
                    group.cancelAll()
                case .played(let ends):
                    played = ends
                    group.cancelAll()
                case .stopped:
                    continue
                }
            }
            // The play task always reports, cancelled or not.
            guard let played else { preconditionFailure("a game's play ended without its seats' ends") }
            guard let stalled else { return played }
            return SeatPair { seat in (.failed(stalled), played[seat].bot) }
        }
    }
}
