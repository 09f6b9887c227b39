/// How a submission's build went, for the printout before play and the report.
public struct BuildSummary: Hashable, Sendable {
    /// The build's log (`OUTPUT/submissions/logs/FOLDER.build.log`): the command, its output
    /// and how it ended.
    public var logPath: String
    /// Whether this discovery reused the cached result of an earlier build of the same
    /// contents instead of building.
    public var fromCache: Bool
    /// How long the build took on the clock (the cached build's time when ``fromCache``).
    public var seconds: Double

    public init(logPath: String, fromCache: Bool, seconds: Double) {
        self.logPath = logPath
        self.fromCache = fromCache
        self.seconds = seconds
    }
}
