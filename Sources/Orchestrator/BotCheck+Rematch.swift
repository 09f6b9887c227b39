import BattleshipRules
import Bots
import Foundation
import Reports
import Submissions
import Tournament

extension BotCheck {
    /// Plays `solo`'s recorded game again with `bot` alone, in its seat, against the
    /// opponent's recorded shots (``Bots/ScriptedBot``); says how it went and whether the bot
    /// fired the recorded shots. Whether it played to the end without a forfeit.
    func replay(_ solo: SoloRematch, with bot: SubmittedBot, stderrPath: String, _ out: Account) async -> Bool {
        let name =
            "rematch: game \(solo.game) of \(solo.tournament) with your bot alone, in seat \(solo.seat)\(solo.seat == 0 ? " (moves first)" : "")"
        guard solo.fleets.count == 2, (0...1).contains(solo.seat), let seed = UInt64(solo.botSeed) else {
            out.say(
                false, name,
                "the file is not a recorded game of this Salvo (two fleets, a seat 0 or 1, a bot seed); save it again from your private page")
            return false
        }
        let opponent = ScriptedBot(name: "recorded opponent", shots: solo.opponentShots)
        let own = ExternalBot(bot.spec, seed: seed, logPath: stderrPath, launcher: launcher)
        var bots: [any Bot] = solo.seat == 0 ? [own, opponent] : [opponent, own]
        let result = await RematchGame.play(bots: &bots, fleets: solo.fleets)
        let mySeat: PlayerSeat = solo.seat == 0 ? .one : .two
        let fired = result.shots.filter { $0.seat == mySeat }.map { Coordinate(x: $0.x, y: $0.y) }
        let comparison =
            solo.firstDifference(fired).map { "your shots differ from the recorded game's from your shot \($0) on" }
            ?? "the same \(fired.count) shots as the recorded game"
        let recorded = "recorded: \(solo.recordedEnding)"
        if let forfeit = result.forfeit, forfeit.seat == mySeat {
            out.say(
                false, name,
                "your bot forfeits (\(forfeit.fault.kind)) after \(fired.count) shots: \(forfeit.fault.description)\n\(comparison); \(recorded)")
            out.explain(failure: forfeit.fault.description, stderr: Self.tail(ofFileAt: stderrPath), command: bot.spec.command)
            return false
        }
        let ending = result.winner == mySeat ? "your bot won in \(fired.count) shots" : "your bot lost after \(fired.count) shots"
        // The file is of a forfeit: a rematch without it has not shown the fault, so it fails,
        // saying so, rather than pass as though the bug were gone.
        if solo.recordedEnding.hasPrefix("forfeit") {
            out.say(
                false, name,
                "\(ending), without the recorded forfeit: the fault did not happen again (\(recorded)); \(comparison). It may depend on time (a slow move, the game's clock, the machine's load), on something outside the game (a file, the clock, randomness not from the game's seed), or be mended already: check with the version that forfeited"
            )
            return false
        }
        out.say(true, name, "\(ending); \(comparison); \(recorded)")
        return true
    }
}
