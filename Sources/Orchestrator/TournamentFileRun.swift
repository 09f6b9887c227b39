import Bots
import DurationUnits
import Foundation
import RunControl
import Submissions
import Tournament

/// A tournament file run as `salvo run` runs it, as one library call: the file's settings with
/// the caller's overrides, its `bots_from:` submissions entered (copied, built, checked), a
/// season's shard's night opened or found, then every game played and the reports written
/// (``TournamentRun``). `salvo run` and the arena are two callers of it; the command only
/// parses its arguments and prints the steps.
///
/// ```swift
/// let file = try TournamentFileParser().read(fileAt: "tournaments/class.yaml")
/// let run = TournamentFileRun(file: file, overrides: .init(outputDirectory: "reports/class"))
/// let summary = try await run.run(steps: { print($0) }) { event in
///     if case .progress(.gameFinished(_, let done, let total)) = event { print("\(done)/\(total)") }
/// }
/// print(summary.isComplete, summary.reports?.index ?? "")
/// ```
public struct TournamentFileRun: Sendable {
    /// What a caller sets over the file's own settings (each of `salvo run`'s options); nil
    /// keeps the file's.
    public struct Overrides: Sendable {
        public var server: ServerChoice?
        public var outputDirectory: String?
        public var gamesPerPairing: Int?
        public var concurrency: Int?
        public var seed: UInt64?
        public var pollInterval: Duration?
        /// Each seat an independent poller, not both seats in one task (`--pure-polling`).
        public var purePolling = false
        /// Builds and bots without the sandbox (`--no-sandbox`): trusted bots only.
        public var sandboxDisabled = false
        /// The part of the schedule to play (`--shard I/N`).
        public var shard: Shard?

        public init(
            server: ServerChoice? = nil, outputDirectory: String? = nil, gamesPerPairing: Int? = nil, concurrency: Int? = nil, seed: UInt64? = nil,
            pollInterval: Duration? = nil, purePolling: Bool = false, sandboxDisabled: Bool = false, shard: Shard? = nil
        ) {
            self.server = server
            self.outputDirectory = outputDirectory
            self.gamesPerPairing = gamesPerPairing
            self.concurrency = concurrency
            self.seed = seed
            self.pollInterval = pollInterval
            self.purePolling = purePolling
            self.sandboxDisabled = sandboxDisabled
            self.shard = shard
        }
    }

    /// What the run did before its games, for the caller to show.
    public enum Step: Sendable {
        /// It waits for the output folder, held by another process (a shard, a merge).
        case waiting(String)
        /// The submissions of `bots_from:` were entered, in `seconds`.
        case entered(SubmissionEntries, seconds: Double)
        /// A season's shard opened its night (with what changed), or found night `number` open.
        case shardNight(number: Int, changes: SeasonChanges?)
    }

    public let file: TournamentFile
    public var overrides: Overrides

    public init(file: TournamentFile, overrides: Overrides = Overrides()) {
        self.file = file
        self.overrides = overrides
    }

    /// The file's configuration with the overrides, before anything is entered.
    public var configuration: TournamentConfig {
        var config = file.config
        if let server = overrides.server { config.server = server }
        if let output = overrides.outputDirectory { config.outputDirectory = output }
        if let games = overrides.gamesPerPairing { config.gamesPerPairing = games }
        if let concurrency = overrides.concurrency { config.concurrency = concurrency }
        if let seed = overrides.seed { config.seed = seed }
        if let interval = overrides.pollInterval { config.pollInterval = interval }
        if overrides.purePolling { config.wakeLocalOpponent = false }
        config.context.shard = overrides.shard
        return config
    }

    /// The configuration the run plays: its submissions entered into the output folder (one
    /// shard at a time, under the folder's lock, so shards never build into it at once), a
    /// season's shard with the night its shards share. Builds, so it takes a while; `steps`
    /// hears what it did. With `stop` requested (Ctrl-C), the build in progress is killed and
    /// the preparation throws.
    public func prepare(stop: StopSignal? = nil, steps: @Sendable (Step) -> Void = { _ in }) async throws(OrchestratorError) -> TournamentConfig {
        var config = configuration
        if let botsFrom = file.botsFrom {
            let entering = ContinuousClock.now
            if config.context.shard != nil, config.scheduler.playsAsSeason {
                if let obstacle = config.scheduler.whyNotShardable { throw .cannotShard(obstacle + "; run it without --shard") }
                let opened = try await SeasonShardNight.open(config, botsFrom: botsFrom, sandboxDisabled: overrides.sandboxDisabled, stop: stop) {
                    steps(.waiting($0))
                }
                if let entries = opened.entries { steps(.entered(entries, seconds: (ContinuousClock.now - entering).seconds)) }
                steps(.shardNight(number: opened.config.context.seasonNight?.number ?? 0, changes: opened.changes))
                config = opened.config
            } else {
                // Shards enter one at a time, so that they never build into one folder at once
                // (the first builds; the others find its builds in the cache).
                var lock: FolderLock?
                if config.context.shard != nil {
                    let output = config.outputDirectory
                    do {
                        lock = try await FolderLock.acquire(output, waitingUpTo: FolderLock.shardWait) { pid in
                            steps(
                                .waiting(
                                    "Waiting for \(output), held by \(pid.map { "pid \($0)" } ?? "another salvo process") (another shard entering the submissions, or a merge)"
                                ))
                        }
                    } catch {
                        throw .folder(error)
                    }
                }
                defer { lock?.release() }
                let entered: SubmissionEntry.Entered
                do {
                    entered = try await SubmissionEntry.enter(botsFrom, into: config, sandboxDisabled: overrides.sandboxDisabled, stop: stop)
                } catch {
                    throw .submissions(error.description)
                }
                steps(.entered(entered.entries, seconds: (ContinuousClock.now - entering).seconds))
                config = entered.config
            }
        }
        if overrides.sandboxDisabled { config.disableSandbox() }
        return config
    }

    /// Prepares the run (``prepare(steps:)``), then plays it (``TournamentRun/run(stop:progress:)``).
    public func run(
        stop: StopSignal = StopSignal(), options: TournamentRun.Options = TournamentRun.Options(), steps: @Sendable (Step) -> Void = { _ in },
        progress: @escaping @Sendable (RunEvent) -> Void = { _ in }
    ) async throws(OrchestratorError) -> RunSummary {
        let config = try await prepare(stop: stop, steps: steps)
        return try await TournamentRun(configuration: config, options: options).run(stop: stop, progress: progress)
    }
}
