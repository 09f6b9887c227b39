import Foundation
import JSONCoding
import Orchestrator
import SalvoVersion
import Scoring
import Tournament

/// `salvo run --summary FILE`: what a script needs of a finished run, as JSON: whether it is
/// complete and the exit status it ends with, the counts, where the journal and the report
/// are, and the standings with their Elo estimates. Written before the command exits, whatever
/// its status (docs/exit-codes.md).
///
/// ```sh
/// salvo run class.yaml --summary /tmp/s.json; jq -r '.standings[0].bot' /tmp/s.json
/// ```
struct RunSummaryFile: Codable, Equatable {
    struct Row: Codable, Equatable {
        var rank: Int
        var bot: String
        var games: Int
        var wins: Int
        var losses: Int
        var forfeits: Int
        /// Games this bot lost by forfeit, by kind.
        var forfeitsByKind: [String: Int]
        /// Wins in percent of games, to 0.01 (as results.json).
        var scorePercent: Double
        /// Shots per win by sinking the fleet, to 0.01 (as results.json); nil without such a win.
        var meanShotsToWin: Double?
        /// Elo and its 95% interval, to 0.1 (as results.json).
        var elo: Double?
        var eloLower: Double?
        var eloUpper: Double?
    }

    var salvoVersion: String
    var tournament: String
    /// Whether every game has a result (or the sequential test decided).
    var complete: Bool
    /// The status the command exits with: 0 complete, 2 incomplete.
    var exitStatus: Int32
    var stoppedEarly: Bool
    var scheduledGames: Int
    var ratedGames: Int
    var missingGames: Int
    /// Games whose second seat another client of the server took, in this run.
    var seatsTaken: Int
    var shard: String?
    var journal: String
    var reportIndex: String?
    var results: String?
    var standings: [Row]

    init(_ summary: RunSummary, seatsTaken: Int, board: Scoreboard, ratings: ScoreboardRatings?) {
        salvoVersion = SalvoVersion.text
        tournament = summary.configuration.name
        complete = summary.isComplete
        exitStatus = summary.isComplete ? ExitStatus.complete : ExitStatus.incomplete
        stoppedEarly = summary.stoppedEarly
        scheduledGames = summary.scheduledGames
        ratedGames = summary.records.count
        missingGames = summary.missingGames
        self.seatsTaken = seatsTaken
        shard = summary.configuration.context.shard?.description
        journal = summary.journalPath
        reportIndex = summary.reports?.index
        results = summary.reports?.results
        standings = board.standings(for: summary.configuration, ratings: ratings).enumerated().map { position, tally in
            let elo = ratings?.rating(of: tally.bot).flatMap(EloFigure.init)
            return Row(
                rank: position + 1, bot: tally.bot, games: tally.games, wins: tally.wins, losses: tally.losses,
                forfeits: tally.forfeitCount, forfeitsByKind: tally.forfeits, scorePercent: tally.scorePercent,
                meanShotsToWin: tally.meanShotsToWin, elo: elo?.value, eloLower: elo?.lower, eloUpper: elo?.upper
            )
        }
    }

    /// The summary as pretty, key-sorted JSON, written to `path` whole (a temporary file, then renamed).
    func write(to path: String) throws {
        try JSONFormat.file(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
