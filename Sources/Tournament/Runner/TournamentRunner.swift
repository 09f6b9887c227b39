import BattleshipClient
import Bots
import Foundation
import RunControl

/// Runs a whole tournament through the API: the schedule's games, `concurrency` at a time,
/// each finished game appended to the journal as it ends. Rerunning with the same journal
/// continues where the last run stopped: finished games are neither played nor counted twice;
/// games that were in flight are abandoned on the server and played again.
///
/// Most callers want the whole job (folder lock, server, journal, reports) that
/// `Orchestrator`'s `TournamentRun` wires around this type.
///
/// ```swift
/// let resume = try TournamentRunner.resumePoint(journal: journal, config: config)
/// let runner = TournamentRunner(config: config, serverURL: url, client: client, journal: journal)
/// let results = try await runner.run(from: resume) { event in print(event) }
/// print(results.ratedInOrder.count)
/// ```
public struct TournamentRunner: Sendable {
    /// Why a run cannot go on.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// How many times a game that ends with no result is played before the run gives up on it.
    public static let maximumAttempts = 3

    /// How many games may have no result because the sandbox could not start a bot before the
    /// run stops: the host, not the bots, is at fault, and every further game would fail too.
    /// No game starts after this many; the games already in flight (at most `concurrency - 1`)
    /// end and are journaled, and may be host faults too, so a run stops after this many to
    /// this many + `concurrency - 1`, and its message gives the count the journal holds.
    public static let maximumHostFaults = 10

    public let config: TournamentConfig
    public let serverURL: String
    let client: BattleshipAPIClient
    let journal: Journal
    let stop: StopSignal
    let logDirectory: String?
    let executor: (any TaskExecutor)?
    let launcher: any BotLauncher
    /// Whether each game is created unlisted, with a join token only its second player is
    /// given, so that nobody else can take the seat: set when the server offers the `joinToken`
    /// extension (Salvo's own does; docs/server.md).
    public var privateGames = false

    /// The start of the no-result reason of a game whose second seat another client took
    /// first (a public lobby on a shared server), so that the run can count them.
    public static let seatTakenReason = "Seat taken by another client"

    /// A runner for `config`'s games on `serverURL`. Each game's tasks prefer `executor` when
    /// one is given: pass the HTTP client's ``CurlHTTP/CurlHTTPClient/taskExecutor`` so the
    /// players run on its event-loop thread and each reply resumes its player without a
    /// thread hand-off (the bots' work per shot is microseconds; external bots wait on their
    /// own queues). Every external bot's process is started through `launcher`.
    public init(
        config: TournamentConfig, serverURL: String, client: BattleshipAPIClient, journal: Journal, stop: StopSignal = StopSignal(),
        logDirectory: String? = nil, executor: (any TaskExecutor)? = nil, launcher: any BotLauncher = DirectLauncher()
    ) {
        self.config = config
        self.serverURL = serverURL
        self.client = client
        self.journal = journal
        self.stop = stop
        self.logDirectory = logDirectory
        self.executor = executor
        self.launcher = launcher
    }

    /// Where a run continues from: what the journal already holds.
    public struct ResumePoint: Sendable {
        /// The rated record of every game finished by earlier runs, by schedule index.
        public var rated: [Int: GameRecord]
        /// Whether the journal has its first line already.
        public var hasStarted: Bool
        /// How the journal's run derived its seeds; the continuation must do the same.
        public var seedDerivation: SeedDerivation?
        /// The journal's seed key (nil for a journal written before seed keys, or none yet);
        /// the continuation plays with it.
        public var seedKey: SeedKey?
        /// How many times each game was attempted (every `finished` line), by schedule index:
        /// a Swiss round counts a game tried ``maximumAttempts`` times without a result as ended.
        public var attempts: [Int: Int] = [:]
        /// A season's nights so far, in order (``SeasonPlan`` decides the next from them).
        public var nights: [SeasonNight] = []
    }

    /// Reads the journal at `path` and checks that it belongs to `config`: an empty journal
    /// starts afresh; one of another configuration is refused, naming the setting that
    /// differs (``ResumeSettings``).
    public static func resumePoint(journalPath path: String, config: TournamentConfig) throws -> ResumePoint {
        var point = ResumePoint(rated: [:], hasStarted: false)
        for entry in try Journal.read(path: path) {
            switch entry {
            case .started(let start):
                // A journal of version 1 holds a digest computed another way: compare the settings.
                if start.configurationDigest != ResumeSettings.digest(of: config),
                    let difference = ResumeSettings.difference(journal: start.configuration, run: config)
                {
                    throw Failure(
                        description:
                            "The journal \(path) belongs to another configuration of `\(start.name)` (\(difference)); run with the same settings, choose another --output, or remove that folder"
                    )
                }
                point.hasStarted = true
                point.seedDerivation = start.configuration.context.seedDerivation
                point.seedKey = start.configuration.context.seedKey
            case .finished(let record):
                point.attempts[record.index, default: 0] += 1
                if record.termination != .noResult { point.rated[record.index] = record }
            case .night(let night):
                point.nights.append(night)
            default:
                break
            }
        }
        return point
    }

    /// Plays every game that has no rated result in `resume` yet (see ``resumePoint(journalPath:config:)``),
    /// in the batches the configuration's ``Scheduler`` gives; returns the results of every
    /// run of the journal, earlier runs' and this one's.
    ///
    /// When the scheduler ends the tournament early (a sequential test that decides), games
    /// still in flight are cancelled and their results, if any, are neither journaled nor
    /// rated, so the journal holds exactly the games the decision was made on.
    public func run(from resume: ResumePoint, progress: @escaping @Sendable (ProgressEvent) -> Void = { _ in }) async throws -> ScheduleResults {
        let scheduler = config.scheduler
        let total = scheduler.plannedGamesInRun
        try await Self.writeOpening(of: config, to: journal, resume: resume, launcher: launcher)
        // A season's night counts its own games as done; the standings count every night's
        // between the current versions, as the report's do.
        let earlierNights = config.context.seasonNight.map { night in resume.rated.keys.count { !night.indices.contains($0) } } ?? 0
        let standings = resume.rated.keys.sorted().compactMap { resume.rated[$0] }.filter(scheduler.countsInStandings)
        progress(.started(total: total, alreadyDone: resume.rated.count - earlierNights, standings: standings))
        var state = PlayState(results: ScheduleResults(rated: resume.rated, attempts: resume.attempts), total: total)
        state.doneOffset = earlierNights
        state.earlyEnd = scheduler.earlyEnd(after: state.results)
        if let end = state.earlyEnd { progress(end) }

        state = try await Self.withPools(config) { pools in
            let games = gameRunner(pools: pools)
            var state = state
            while !stop.isRequested, state.earlyEnd == nil, state.hostFaults < Self.maximumHostFaults {
                let batch: ScheduleBatch
                do {
                    batch = try scheduler.nextGames(after: state.results)
                } catch let error as ScheduleError {
                    throw Failure(description: error.description)
                }
                if batch.games.isEmpty { break }
                if let announcement = batch.announcement { progress(announcement) }
                state = try await play(batch.games, scheduler: scheduler, runner: games, state: state, progress: progress)
            }
            return state
        }
        if state.hostFaults >= Self.maximumHostFaults {
            throw Failure(
                description:
                    "The sandbox failed to start bots \(state.hostFaults) times in this run, the last time with: \(state.lastHostFault ?? "?"). That is a fault of this machine, not of the bots, and no game was charged to them: fix the cause (docs/sandbox.md) and run the same command again to continue"
            )
        }
        return state.results
    }

    /// Writes what comes before the first game of `config` where `journal` (read into
    /// `resume`) lacks it: the `started` line, with what `launcher` cannot enforce when a bot
    /// is sandboxed (for the report), and a season night's line. A run on one machine writes
    /// them, and so does the shard that opens a season's night for every shard.
    public static func writeOpening(of config: TournamentConfig, to journal: Journal, resume: ResumePoint, launcher: any BotLauncher) async throws {
        if !resume.hasStarted {
            let sandboxed = config.bots.contains { if case .external(let spec) = $0.kind { spec.sandbox.isEnabled } else { false } }
            try await journal.append(
                .started(
                    JournalStart(
                        name: config.name, configurationDigest: ResumeSettings.digest(of: config), totalGames: config.scheduler.plannedGamesInRun,
                        configuration: config, unenforced: sandboxed ? launcher.unenforced : []
                    )))
        }
        if let night = config.context.seasonNight, !resume.nights.contains(night) {
            try await journal.append(.night(night))
        }
    }

    /// Runs `body` with a pool of waiting processes for each external bot that reuses them,
    /// each keeping at most one per game in flight, and ends every waiting process afterwards
    /// (thrown out of or not).
    static func withPools<T>(_ config: TournamentConfig, _ body: ([String: BotProcessPool]) async throws -> T) async throws -> T {
        var pools: [String: BotProcessPool] = [:]
        for bot in config.bots {
            if case .external(let spec) = bot.kind, spec.restart == .reuse {
                pools[bot.name] = BotProcessPool(maxIdle: config.concurrency)
            }
        }
        func shutdown() async {
            for pool in pools.values { await pool.shutdown() }
        }
        do {
            let value = try await body(pools)
            await shutdown()
            return value
        } catch {
            await shutdown()
            throw error
        }
    }

}
