import Bots
import Foundation

/// A tournament file's `bots_from:` as read: the folder of submissions (bots/SUBMITTING.md) and
/// how they are built and run. Reading the file enters none of them: `salvo run` discovers,
/// builds and checks them before play (Orchestrator's ``SubmissionEntry``), and commands that
/// only need the file (`salvo cluster`) never build a student's code.
public struct BotsFrom: Hashable, Sendable {
    /// The folder of submissions, as written (relative to where salvo runs).
    public var folder: String
    /// The file and line of `bots_from:`, for the errors of the step that enters them.
    public var file: String
    public var line: Int?
    /// The tournament's defaults for external bots, which a submission may lower.
    public var limits: ResourceLimits
    public var sandbox: SandboxSettings
    public var restart: RestartPolicy
    /// What the mapping form sets; nil for the defaults of `SubmissionSettings`.
    public var buildTimeout: Duration?
    public var buildMemoryBytes: Int?
    /// `build_disk_mb`: everything one build may write.
    public var buildDiskBytes: Int?
    public var moveDeadline: Duration?
    public var startupDeadline: Duration?
    /// A season's deadline: a version Salvo first saw after it is not entered, and the last
    /// version from before it goes on playing (tournaments/README.md).
    public var deadline: Date?
    /// Folders whose versions first seen after the deadline are entered anyway: the
    /// instructor's written, reviewable way to accept a late submission.
    public var acceptLate: [String] = []
    /// The tournament's clock per game (its top-level `time_control:`, set by the file's
    /// reader), which a submission's check plays on too; nil for none.
    public var timeControl: TimeControl? = TournamentSettings.Defaults.timeControl

    public init(
        folder: String, file: String, line: Int?, limits: ResourceLimits, sandbox: SandboxSettings, restart: RestartPolicy,
        buildTimeout: Duration? = nil, buildMemoryBytes: Int? = nil, moveDeadline: Duration? = nil, startupDeadline: Duration? = nil
    ) {
        self.folder = folder
        self.file = file
        self.line = line
        self.limits = limits
        self.sandbox = sandbox
        self.restart = restart
        self.buildTimeout = buildTimeout
        self.buildMemoryBytes = buildMemoryBytes
        self.moveDeadline = moveDeadline
        self.startupDeadline = startupDeadline
    }

    /// An error about `bots_from:`, at its line.
    public func error(_ message: String) -> TournamentFileError {
        TournamentFileError(file: file, line: line, message: message)
    }
}
