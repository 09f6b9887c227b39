import Bots
import Foundation

/// What a tournament says about its `bots_from:` folder: where the submissions are, where
/// their copies are built, what every submitted bot gets, and the limits of a build.
public struct SubmissionSettings: Hashable, Sendable {
    /// The folder of submissions: each subfolder one bot, described by its `bot.yaml`.
    public var folder: String
    /// Where the copies, build logs and build cache go: `OUTPUT/submissions` of the run.
    public var workFolder: String
    /// The limits of play: a submission's own limits may lower them, never raise them.
    public var limits: ResourceLimits
    /// The sandbox of play and of builds; builds run unsandboxed only when it is disabled.
    public var sandbox: SandboxSettings
    /// Whether a process plays one game or many, unless the manifest says `restart:`.
    public var restart: RestartPolicy
    /// Each submitted bot's move deadline (CPU time per shot).
    public var moveDeadline: Duration
    /// Each submitted bot's start-up deadline.
    public var startupDeadline: Duration
    /// The clock per game of a check's games (``Bots/TimeControl``): the tournament's, so that
    /// a bot too slow for it fails its check; nil for none. Play itself takes the tournament's
    /// setting, not this.
    public var timeControl: TimeControl? = TimeControl.tournamentDefault
    /// The wall-clock time a build may take before it is killed.
    public var buildTimeout: Duration
    /// The limits of a build: 2 GiB of memory, 256 processes, CPU time up to the build's
    /// time limit, 1024 open files, files up to 256 MiB, a 256 MiB `/tmp`.
    public var buildLimits: ResourceLimits
    /// Everything one build may write, enforced by a disk of its own (``BuildDisk``) where
    /// the runner can mount one: 512 MiB by default, `build_disk_mb`; nil for no disk.
    public var buildDiskBytes: Int? = Defaults.buildDiskBytes
    /// The output folder's free space a build needs before it starts: its disk's size, besides
    /// what a run keeps for its journal and reports (``DiskSpace``).
    public var diskNeededPerBuild: Int { (buildDiskBytes ?? 0) + DiskSpace.runMargin }
    /// Builds at once; the machine's cores by default.
    public var buildJobs: Int
    /// The names of the tournament's listed `bots:`, which no folder may have and no label
    /// may claim.
    public var takenNames: [String]
    /// A season's `deadline:`: a version Salvo first saw after it is not entered (the last
    /// version from before it goes on playing); file times never count (``VersionHistory``).
    /// Nil when there is none.
    public var deadline: Date?
    /// Folders whose versions first seen after the deadline are entered anyway, on purpose
    /// (`accept_late:`).
    public var acceptLate: Set<String> = []

    /// The defaults of a `bots_from:` that gives only a folder.
    public enum Defaults {
        public static let buildTimeout = Duration.seconds(120)
        public static let buildMemoryBytes = 2 << 30
        public static let buildDiskBytes = 512 << 20
        public static let buildLimits = ResourceLimits(
            memoryBytes: buildMemoryBytes, cpuSeconds: 120, processes: 256, openFiles: 1_024,
            fileSizeBytes: 256 << 20, tmpBytes: 256 << 20
        )
    }

    public init(
        folder: String, workFolder: String, limits: ResourceLimits = ResourceLimits(), sandbox: SandboxSettings = SandboxSettings(),
        restart: RestartPolicy = .reuse, moveDeadline: Duration = ExternalBotSpec.defaultMoveDeadline,
        startupDeadline: Duration = ExternalBotSpec.defaultStartupDeadline, buildTimeout: Duration = Defaults.buildTimeout,
        buildLimits: ResourceLimits = Defaults.buildLimits, buildJobs: Int? = nil, takenNames: [String] = []
    ) {
        self.folder = folder
        self.workFolder = workFolder
        self.limits = limits
        self.sandbox = sandbox
        self.restart = restart
        self.moveDeadline = moveDeadline
        self.startupDeadline = startupDeadline
        self.buildTimeout = buildTimeout
        self.buildLimits = buildLimits
        self.buildJobs = max(1, buildJobs ?? SubmissionSettings.cores)
        self.takenNames = takenNames
    }

    /// The cores this process may use.
    static var cores: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
