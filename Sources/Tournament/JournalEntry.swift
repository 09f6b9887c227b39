/// One line of a run's journal (`journal.jsonl`): what happened, written the moment it happened.
public enum JournalEntry: Hashable, Sendable, Codable {
    /// The first line: which tournament this journal belongs to, and its whole configuration
    /// (so reports can be rebuilt from the journal alone; nil in journals of older versions).
    case started(name: String, configurationDigest: String, totalGames: Int, configuration: TournamentConfig?)
    /// A game was created on the server: its ids are saved at once, so it can be found again.
    case created(index: Int, server: String, gameId: String, creatorPlayerId: String)
    /// The second player joined.
    case joined(index: Int, joinerPlayerId: String)
    /// The game ended; the record holds its replay and outcome.
    case finished(GameRecord)
}
