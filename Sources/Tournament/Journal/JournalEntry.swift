/// One line of a run's journal (`journal.jsonl`): what happened, written the moment it
/// happened. The file layout is ``JournalCodec``'s, documented in docs/journal.md.
public enum JournalEntry: Hashable, Sendable {
    /// The first line: which tournament this journal belongs to, with its whole configuration.
    case started(JournalStart)
    /// A game was created on the server: its ids are saved at once, so it can be found again.
    case created(index: Int, server: String, gameId: String, creatorPlayerId: String)
    /// The second player joined.
    case joined(index: Int, joinerPlayerId: String)
    /// The game ended; the record holds its replay and outcome.
    case finished(GameRecord)
    /// A season's night began: its current versions and the games they were missing
    /// (``SeasonNight``); written before the night's first game.
    case night(SeasonNight)
}

/// The first line of a journal: the tournament it belongs to.
public struct JournalStart: Hashable, Sendable {
    public var name: String
    /// ``ResumeSettings/digest(of:)`` of the configuration: a journal is continued only by a
    /// configuration with the same digest.
    public var configurationDigest: String
    public var totalGames: Int
    /// The whole configuration the run started with, from which reports are rebuilt.
    public var configuration: TournamentConfig
    /// What the sandbox of the machine that started the run could not enforce, a sentence each
    /// (``Bots/BotLauncher/unenforced``: no cgroups, a missing controller, no host user per
    /// sandbox), for the report; empty where it enforced everything, or no bot was sandboxed.
    public var unenforced: [String]

    public init(name: String, configurationDigest: String, totalGames: Int, configuration: TournamentConfig, unenforced: [String] = []) {
        self.name = name
        self.configurationDigest = configurationDigest
        self.totalGames = totalGames
        self.configuration = configuration
        self.unenforced = unenforced
    }
}
