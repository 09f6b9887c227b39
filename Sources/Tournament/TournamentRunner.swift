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
/// let records = try await runner.run(from: resume) { event in print(event) }
/// ```
public struct TournamentRunner: Sendable {
    /// Why a run cannot go on.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// How many times a game that ends with no result is played before the run gives up on it.
    public static let maximumAttempts = 3

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
                   let difference = ResumeSettings.difference(journal: start.configuration, run: config) {
                    throw Failure(description: "The journal \(path) belongs to another configuration of `\(start.name)` (\(difference)); run with the same settings, choose another --output, or remove that folder")
                }
                point.hasStarted = true
                point.seedDerivation = start.configuration.seedDerivation
                point.seedKey = start.configuration.seedKey
            case .finished(let record):
                point.attempts[record.index, default: 0] += 1
                if record.termination != .noResult { point.rated[record.index] = record }
            default:
                break
            }
        }
        return point
    }

    /// Plays every game that has no rated result in `resume` yet (see ``resumePoint(journalPath:config:)``);
    /// returns every rated record (earlier runs' and this one's), in schedule order.
    ///
    /// With `config.sprt`, the run stops as soon as the test decides: games still in flight
    /// are cancelled and their results, if any, are neither journaled nor rated, so the
    /// journal holds exactly the games the decision was made on.
    public func run(from resume: ResumePoint, progress: @escaping @Sendable (ProgressEvent) -> Void = { _ in }) async throws -> [GameRecord] {
        if config.format == .swiss {
            return try await SwissRounds(runner: self).run(from: resume, progress: progress)
        }
        let schedule = Schedule.playedGames(for: config)
        if !resume.hasStarted {
            try await journal.append(.started(JournalStart(name: config.name, configurationDigest: ResumeSettings.digest(of: config), totalGames: schedule.count, configuration: config)))
        }
        progress(.started(total: schedule.count, rated: resume.rated))
        var state = PlayState(rated: resume.rated, attempts: resume.attempts, total: schedule.count)
        state.decided = sprtDecision(state.rated.values)
        if let decided = state.decided { progress(.sprtDecided(decided)) }

        let queue = schedule.filter { state.rated[$0.index] == nil }.map { (game: $0, attempt: 1) }
        state = try await Self.withPools(config) { pools in
            try await play(queue, runner: gameRunner(pools: pools), state: state, progress: progress)
        }
        return state.rated.keys.sorted().compactMap { state.rated[$0] }
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

    /// The sequential test's tally once it has decided; nil without `sprt` or while undecided.
    func sprtDecision(_ records: some Collection<GameRecord>) -> SPRTTally? {
        guard let sprt = config.sprt, config.bots.count == 2 else { return nil }
        let tally = sprt.tally(records: Array(records), first: config.bots[0].name, second: config.bots[1].name)
        return tally.isDecided ? tally : nil
    }
}
