import BattleshipRules
import Bots

/// How a game ended, decided from how each seat's side of it ended.
struct GameVerdict: Hashable, Sendable {
    var termination: Termination
    var winner: PlayerSeat?
    var reason: String?
    var forfeitKind: ForfeitKind?
    /// For a forfeit by an external bot, the end of its stderr (filled in by the runner).
    var stderrTail: String?
    /// Whether the game has no result because the host failed a bot (its sandbox could not
    /// start it), which the runner counts (``TournamentRunner/maximumHostFaults``).
    var hostFault = false

    /// The verdict of a game whose seats ended as `ends`, with the server names
    /// `serverNames` and the tournament names `botNames` of the two players.
    ///
    /// A forfeit outweighs a failure, which outweighs a winner named by the server.
    static func judge(ends: SeatPair<SeatEnd>, serverNames: SeatPair<String>, botNames: SeatPair<String>) -> GameVerdict {
        for seat in PlayerSeat.allCases {
            if case .forfeit(let fault) = ends[seat] {
                return GameVerdict(
                    termination: .forfeit, winner: seat.opponent,
                    reason: "\(botNames[seat]) forfeits (\(fault.kind)): \(fault.description)", forfeitKind: fault.kind
                )
            }
        }
        for seat in PlayerSeat.allCases {
            switch ends[seat] {
            case .failed(let reason): return GameVerdict(termination: .noResult, reason: reason)
            case .hostFault(let reason): return GameVerdict(termination: .noResult, reason: reason, hostFault: true)
            default: continue
            }
        }
        for seat in PlayerSeat.allCases {
            if case .finished(let name) = ends[seat] {
                if let winner = PlayerSeat.allCases.first(where: { serverNames[$0] == name }) {
                    return GameVerdict(termination: .win, winner: winner)
                }
                return GameVerdict(termination: .noResult, reason: "The server named an unknown winner `\(name)`")
            }
        }
        return GameVerdict(termination: .noResult, reason: "The game was stopped before it ended")
    }

    /// What a bot in `seat` is told at the end.
    func outcome(for seat: PlayerSeat) -> GameOutcome {
        if winner == seat { return .won }
        return termination == .win ? .lost : .abandoned(reason: reason ?? "stopped")
    }
}
