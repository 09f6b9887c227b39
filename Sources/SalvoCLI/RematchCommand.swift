import ArgumentParser
import BattleshipRules
import Bots
import Foundation
import Reports
import Tournament

/// `salvo rematch DIR GAME`: plays one game of a run again, locally, with the same bots,
/// fleets and bot seeds, and compares it with the recorded game.
struct RematchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rematch",
        abstract: "Play one game of a run again locally, with the same bots, fleets and bot seeds, to debug a bot.",
        discussion: """
            Reads DIR/journal.jsonl, finds game GAME (its schedule index, as on the report's pages), \
            and plays it in-process with the rules engine instead of a server: the same two bots in \
            the same seats, each fleet from the run's seed for it, each bot given the seed it had. \
            Every shot is printed, then the result, and whether the shots match the recorded game \
            (a deterministic bot fires the same shots again). Run it from the folder `salvo run` was \
            started in: an external bot's command is relative to it. An external bot's stderr goes \
            to this terminal.
            """
    )

    @Argument(help: "A run's output folder, which holds journal.jsonl, e.g. reports/demo.")
    var directory: String

    @Argument(help: "The game's schedule index.")
    var game: Int

    @Flag(help: "Run external bots as plain children of salvo, without the bubblewrap sandbox (trusted bots only).")
    var noSandbox = false

    func run() async throws {
        let plan: RematchPlan = try RematchPlan(
            journal: RunJournal.load(directory: directory), index: game, journalPath: directory + "/" + ReportLayout.journal)
        var entries = plan.bots
        if noSandbox {
            for position in entries.indices {
                if case .external(var spec) = entries[position].kind {
                    spec.sandbox = .none
                    entries[position].kind = .external(spec)
                }
            }
        }
        let launcher = try CLISandbox.launcher(for: entries.compactMap { if case .external(let spec) = $0.kind { spec } else { nil } })
        var bots: [any Bot] = entries.enumerated().map { seat, entry in
            switch entry.kind {
            case .builtin(let builtIn): builtIn.makeBot(seed: plan.botSeeds[seat])
            // Its stderr, drained as in a run, is appended to ours (the terminal).
            // On the run's clock, so that a game lost on time can be lost so again.
            case .external(let spec):
                ExternalBot(spec, seed: plan.botSeeds[seat], logPath: ExternalBot.ownStandardError, launcher: launcher, timeControl: plan.timeControl)
            }
        }
        for (seat, entry) in entries.enumerated() {
            let fleet =
                plan.recorded?.players[seat].placedFleet.map { "fleet placed by the bot: \($0.words)" } ?? "fleet seed \(plan.fleetSeeds[seat])"
            print("seat \(seat): \(entry.name)\(seat == 0 ? " (moves first)" : ""), \(fleet), bot seed \(plan.botSeeds[seat])")
        }
        let result = await RematchGame.play(bots: &bots, fleets: plan.fleets)
        for (position, shot) in result.shots.enumerated() {
            let outcome = shot.sunk > 0 ? "sunk \(shot.sunk)" : shot.hit ? "hit" : "miss"
            print("move \(position + 1) seat \(shot.seat.index) x \(shot.x) y \(shot.y) \(outcome)")
        }
        if let forfeit = result.forfeit {
            print("\(entries[forfeit.seat.index].name) forfeits (\(forfeit.fault.kind)): \(forfeit.fault.description)")
        } else if let winner = result.winner {
            print(
                "\(entries[winner.index].name) won by sinking the fleet in \(result.shots.count { $0.seat == winner }) shots (\(result.shots.count) moves)."
            )
        }
        guard let recorded = plan.recorded else {
            print("The run has no record of game \(game) to compare with.")
            return
        }
        if let shot = RematchGame.firstDifference(result.shots, recorded.shots) {
            print("Differs from the recorded game (\(recorded.shots.count) moves) from move \(shot) on.")
        } else {
            print("Same \(recorded.shots.count) moves as the recorded game.")
        }
    }
}
