import BattleshipRules
import Bots
import Tournament

/// What it takes to play game `index` of a run again, from its journal alone: the two bots in
/// seat order (seat 0 created the game and moves first), both fleets' seeds and both bots'
/// seeds, derived from the run's configuration exactly as the run derived them, and the
/// record the run kept of the game (when it was played).
///
/// ```swift
/// let plan = try RematchPlan(journal: RunJournal.load(directory: "reports/demo"), index: 17)
/// plan.bots.map(\.name)  // ["density", "alice"]
/// ```
public struct RematchPlan: Sendable {
    /// The game's place in the schedule.
    public var index: Int
    /// The tournament's name.
    public var tournament: String
    /// The bots in seat order.
    public var bots: [BotEntry]
    /// Each seat's fleet seed: `Fleet.seeded(fleetSeeds[seat])`.
    public var fleetSeeds: [UInt64]
    /// Each seat's fleet as the game was played: the one its bot placed (`placement: bots`,
    /// from the record), else the fleet of its seed.
    public var fleets: [Fleet] {
        fleetSeeds.indices.map { seat in
            recorded?.players[seat].placedFleet ?? Fleet.seeded(fleetSeeds[seat])
        }
    }
    /// Each seat's bot seed, as sent in `new-game`.
    public var botSeeds: [UInt64]
    /// The record that counts for the game; nil when the run never played it.
    public var recorded: GameRecord?
    /// The clock the run's external bots played on (``Bots/TimeControl``); nil for none.
    public var timeControl: TimeControl?

    public init(index: Int, tournament: String, bots: [BotEntry], fleetSeeds: [UInt64], botSeeds: [UInt64], recorded: GameRecord?) {
        self.index = index
        self.tournament = tournament
        self.bots = bots
        self.fleetSeeds = fleetSeeds
        self.botSeeds = botSeeds
        self.recorded = recorded
    }

    /// The plan of game `index` of the run `journal` holds; `journalPath` names the journal in
    /// the error for an index the schedule does not have.
    public init(journal: RunJournal, index: Int, journalPath: String = ReportLayout.journal) throws(ReportError) {
        let config = journal.configuration(ofGame: index)
        let finished = journal.allFinished
        // Where the format put the game, from the journal's results (a Swiss round's pairing
        // depends on the rounds before it).
        guard let game = config.scheduler.game(at: index, after: ScheduleResults(finished: finished)) else {
            throw .unknownGame(id: String(index), journal: journalPath)
        }
        self.init(
            index: index, tournament: config.name,
            bots: [config.bots[game.creator], config.bots[game.joiner]],
            fleetSeeds: [game.creatorSeed, game.joinerSeed],
            botSeeds: game.botSeeds,
            recorded: GameHistory(finished: finished).game(index: index)
        )
        timeControl = config.timeControl
    }
}
