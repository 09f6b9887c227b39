import Bots

/// A submission that is entered: its name, how to run it, and how its build went.
public struct SubmittedBot: Hashable, Sendable {
    /// The bot's name in the tournament: its folder's, its identity.
    public var name: String
    /// The label its manifest's `name:` gives, as shown (``SubmissionLabels``); nil without one.
    public var label: String?
    /// The submission's folder under `bots_from:`.
    public var sourceFolder: String
    /// How to run it: from its copy (``BuildSummary/folder``), with the tournament's limits
    /// lowered by its manifest's.
    public var spec: ExternalBotSpec
    /// Its build; nil for a bot with no `build:`.
    public var build: BuildSummary?
    /// Which state of the submission this is: 12 hex digits of the SHA-256 of its folder's
    /// contents and its build settings. A resubmission is a new version; the same contents
    /// are the same version.
    public var version: String

    public init(name: String, label: String? = nil, sourceFolder: String, spec: ExternalBotSpec, build: BuildSummary?, version: String) {
        self.version = version
        self.name = name
        self.label = label
        self.sourceFolder = sourceFolder
        self.spec = spec
        self.build = build
    }
}
