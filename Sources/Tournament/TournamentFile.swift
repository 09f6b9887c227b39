import Submissions

/// A tournament file as read: its configuration, with the bots of `bots_from:` entered after
/// the listed `bots:`, and what became of each submission.
public struct TournamentFile: Hashable, Sendable {
    /// The configuration to run.
    public var config: TournamentConfig
    /// The submissions of `bots_from:`: those entered (already in ``config``'s bots, with
    /// their builds) and those not entered, with their reasons, for the printout before play
    /// and the report's "not entered"; nil for a file without `bots_from:`.
    public var submissions: SubmissionEntries?

    public init(config: TournamentConfig, submissions: SubmissionEntries? = nil) {
        self.config = config
        self.submissions = submissions
    }
}
