/// What the discovery of a `bots_from:` folder found: the bots entered, in the order of their
/// folders' names, and the folders that are not, each with its reason.
public struct SubmissionEntries: Hashable, Sendable {
    public var entered: [SubmittedBot]
    public var notEntered: [NotEntered]
    /// How many builds ran (the others were skipped: cached, or no `build:`).
    public var buildsRun: Int
    /// What this machine could not enforce on the builds that ran, a sentence each (no disk
    /// of their own for a runner that is not root).
    public var unenforced: [String] = []

    public init(entered: [SubmittedBot] = [], notEntered: [NotEntered] = [], buildsRun: Int = 0) {
        self.entered = entered
        self.notEntered = notEntered
        self.buildsRun = buildsRun
    }
}
