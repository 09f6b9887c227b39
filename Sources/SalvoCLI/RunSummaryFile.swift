import Foundation
import Orchestrator
import SalvoVersion
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
        /// Wins in percent of games.
        var scorePercent: Double
        /// Shots per win by sinking the fleet; nil without such a win.
        var meanShotsToWin: Double?
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

    init(_ summary: RunSummary, seatsTaken: Int, standings: [Standing], ratings: TournamentRatings?) {
        salvoVersion = SalvoVersion.text
        tournament = summary.configuration.name
        complete = summary.isComplete
        exitStatus = summary.isComplete ? ExitStatus.complete : ExitStatus.incomplete
        stoppedEarly = summary.stoppedEarly
        scheduledGames = summary.scheduledGames
        ratedGames = summary.records.count
        missingGames = summary.missingGames
        self.seatsTaken = seatsTaken
        shard = summary.configuration.shard?.description
        journal = summary.journalPath
        reportIndex = summary.reports?.index
        results = summary.reports?.results
        self.standings = standings.enumerated().map { position, standing in
            let rating = ratings?.ratings[standing.bot]
            return Row(
                rank: position + 1, bot: standing.bot, games: standing.games, wins: standing.wins, losses: standing.losses,
                forfeits: standing.forfeits, scorePercent: (standing.score * 1000).rounded() / 10, meanShotsToWin: standing.meanShotsToWin.map { ($0 * 100).rounded() / 100 },
                elo: rating.map { ($0.value * 10).rounded() / 10 }, eloLower: rating.map { ($0.lower * 10).rounded() / 10 }, eloUpper: rating.map { ($0.upper * 10).rounded() / 10 }
            )
        }
    }

    /// The summary as pretty, key-sorted JSON, written to `path` whole (a temporary file, then renamed).
    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try (encoder.encode(self) + Data("\n".utf8)).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
