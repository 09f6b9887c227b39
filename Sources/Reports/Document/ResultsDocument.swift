import Foundation
import SalvoVersion

/// `results.json`: everything a run tells its users, as data. Schema version 2, documented
/// field by field in reports/README.md. Built by ``ResultsBuilder`` from a run's journal;
/// `index.html` shows the same numbers.
public struct ResultsDocument: Hashable, Sendable, Codable {
    /// The version of this layout; bumped whenever a field changes meaning or disappears.
    /// Version 2 (Salvo 0.4): a game's `replayHTML` opens the packed replays' viewer, its
    /// `replayJSON` is there only when the report wrote a file per game (`--replay-files`), and
    /// its length is `moves` (version 1's `shots`, still read: "shots" counts one player's).
    public static let currentSchemaVersion = 2

    public var schemaVersion: Int
    /// The Salvo that built these results (``SalvoVersion/text``); nil in files from before it.
    public var salvoVersion: String? = SalvoVersion.text
    /// The tournament's name.
    public var tournament: String
    /// When these results were built (not when the games were played).
    public var generatedAt: Date
    /// The configuration the run used, as its journal recorded it.
    public var configuration: ConfigurationSummary
    /// Scheduled, rated and missing games.
    public var progress: Progress
    /// One row per bot, best first.
    public var standings: [Standing]
    /// Every ordered pair of distinct bots.
    public var crosstable: [CrosstableCell]
    /// How much moving first helped.
    public var firstMover: FirstMoverStatistics
    /// The likelihood of superiority of every bot over every other (absent entries: no fit).
    public var likelihoodOfSuperiority: [Superiority]
    /// How games ended.
    public var terminations: TerminationCounts
    /// Per bot, how many shots its wins took.
    public var shotsToWin: [ShotsToWin]
    /// The sequential test, when the tournament file had an `sprt:` block.
    public var sprt: SPRTResult?
    /// Every scheduled game that was played, in schedule order.
    public var games: [GameEntry]
    /// A Swiss tournament's rounds; absent for the other formats.
    public var swiss: SwissSection?
    /// The submissions of `bots_from:`, entered and not; absent for a tournament without it.
    public var submissions: SubmissionsSection?
    /// A season's history: its nights and versions (``SeasonHistory``); absent for any other
    /// tournament.
    public var season: SeasonSection?

    public init(
        tournament: String, generatedAt: Date, configuration: ConfigurationSummary, progress: Progress,
        standings: [Standing], crosstable: [CrosstableCell], firstMover: FirstMoverStatistics,
        likelihoodOfSuperiority: [Superiority], terminations: TerminationCounts, shotsToWin: [ShotsToWin],
        sprt: SPRTResult?, games: [GameEntry], swiss: SwissSection? = nil, submissions: SubmissionsSection? = nil
    ) {
        self.schemaVersion = Self.currentSchemaVersion
        self.tournament = tournament
        self.generatedAt = generatedAt
        self.configuration = configuration
        self.progress = progress
        self.standings = standings
        self.crosstable = crosstable
        self.firstMover = firstMover
        self.likelihoodOfSuperiority = likelihoodOfSuperiority
        self.terminations = terminations
        self.shotsToWin = shotsToWin
        self.sprt = sprt
        self.games = games
        self.swiss = swiss
        self.submissions = submissions
    }
}
