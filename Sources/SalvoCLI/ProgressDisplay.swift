import DurationUnits
import Foundation
import SafeText
import Scoring
import Synchronization
import Tournament

/// Shows a run's progress on stderr: a live line on a terminal, plain lines every few seconds
/// otherwise; nothing but the games left unplayed with `--quiet`.
final class ProgressDisplay: Sendable {
    private struct State {
        var total = 0
        var done = 0
        var doneAtStart = 0
        /// Every rated game of the tournament: earlier runs' (from `.started`) and this one's.
        var board: Scoreboard
        var lastPlainLine = ContinuousClock.now
        /// When the games began (`.started`): the rate and the ETA leave out what came before,
        /// the server's start and a season's builds.
        var playStart = ContinuousClock.now
        var reruns = 0
        /// Games whose second seat another client took (``TournamentRunner/seatTakenReason``).
        var seatsTaken = 0
    }

    private let isTerminal = isatty(STDERR_FILENO) == 1
    private let botNames: [String]
    private let state: Mutex<State>
    private let notes: Notes

    init(botNames: [String], notes: Notes) {
        self.botNames = botNames
        state = Mutex(State(board: Scoreboard(bots: botNames)))
        self.notes = notes
    }

    func handle(_ event: ProgressEvent) {
        let line: String? = state.withLock { state in
            switch event {
            case .started(let total, let alreadyDone, let standings):
                for record in standings { state.board.add(record) }
                state.total = total
                state.done = alreadyDone
                state.doneAtStart = alreadyDone
                state.playStart = .now
                return alreadyDone > 0 ? "Continuing: \(alreadyDone) of \(total) games already played." : nil
            case .willRerun(let index, let reason):
                state.reruns += 1
                if reason.hasPrefix(TournamentRunner.seatTakenReason) { state.seatsTaken += 1 }
                return "game \(index): no result (\(reason)); it will be played again"
            case .abandoned(let index, let reason, let attempts):
                state.reruns += 1
                if reason.hasPrefix(TournamentRunner.seatTakenReason) { state.seatsTaken += 1 }
                return "game \(index): no result (\(reason)) in \(attempts) attempts; left unplayed (the run will not be complete)"
            case .sprtDecided(let tally):
                return "SPRT: \(SummaryTable.sprtSentence(tally)); no more games are started."
            case .roundPaired(let round, let rounds):
                return SwissSummary.roundLine(round, of: rounds, botNames: botNames)
            case .gameFinished(let record, let done, _):
                state.done = done
                state.board.add(record)
                let now = ContinuousClock.now
                guard isTerminal || now - state.lastPlainLine >= .seconds(5) || done == state.total else { return nil }
                state.lastPlainLine = now
                return status(state)
            }
        }
        guard let line else { return }
        if case .abandoned = event {
            notes.warn(line)
        } else if notes.quiet {
            return
        } else if isTerminal, !line.hasPrefix("game "), !line.hasPrefix("Continuing"), !line.hasPrefix("SPRT"), !line.hasPrefix("Round ") {
            FileHandle.standardError.write(Data("\r\u{1B}[K\(TerminalText.visible(line))".utf8))
        } else {
            notes.say(line)
        }
    }

    /// How many of this run's games had their second seat taken by another client.
    var seatsTaken: Int { state.withLock { $0.seatsTaken } }

    func finish() {
        if isTerminal && !notes.quiet { notes.say("") }
    }

    private func status(_ state: State) -> String {
        let seconds = (ContinuousClock.now - state.playStart).seconds
        let rate = Double(state.done - state.doneAtStart) / max(seconds, 0.001)
        let remaining = Double(state.total - state.done) / max(rate, 0.0001)
        // Over the whole tournament: earlier runs' games came with `.started`.
        let leader = state.board.leader.map { "\($0.bot) \(String(format: "%.1f", $0.scorePercent))% (\($0.wins) of \($0.games))" } ?? "-"
        return String(format: "%d/%d games  %.1f games/s  ETA %@  leader: %@", state.done, state.total, rate, Self.clock(remaining), leader)
    }

    private static func clock(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "--:--" }
        let whole = Int(seconds.rounded())
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }
}
