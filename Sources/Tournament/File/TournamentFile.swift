/// A tournament file as read: its configuration, with the bots listed in `bots:`, and its
/// `bots_from:` folder of submissions, which `salvo run` enters before play
/// (Orchestrator's ``SubmissionEntry``). Reading builds and runs nothing.
public struct TournamentFile: Hashable, Sendable {
    /// The configuration to run; a file with `bots_from:` gets the entered submissions as
    /// further bots once they are entered.
    public var config: TournamentConfig
    /// The file's `bots_from:`; nil for a file without one.
    public var botsFrom: BotsFrom?

    public init(config: TournamentConfig, botsFrom: BotsFrom? = nil) {
        self.config = config
        self.botsFrom = botsFrom
    }
}
