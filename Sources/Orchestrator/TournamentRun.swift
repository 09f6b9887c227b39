import BattleshipAPI
import BattleshipClient
import Bots
import CurlHTTP
import Foundation
import Logging
import Reports
import RunControl
import Sandbox
import Tournament

/// One tournament run as a library call: the job that `salvo run`, the tests and shards of a
/// cluster run all call.
///
/// In order, it claims the output folder (``Tournament/FolderLock``), fits the games in flight
/// to the open-file limit, checks that the journal can be continued by this configuration,
/// starts or names the server (``ServerHost``), plays every game the journal does not hold
/// yet (``Tournament/TournamentRunner``), stops the server, writes the reports, and lets the
/// folder go. Whatever fails, everything it started is stopped before it throws.
///
/// ```swift
/// let stop = StopSignal()
/// let summary = try await TournamentRun(configuration: config).run(stop: stop) { event in
///     if case .progress(.gameFinished(_, let done, let total)) = event { print("\(done)/\(total)") }
/// }
/// print(summary.reports?.index ?? summary.journalPath)
/// ```
public struct TournamentRun: Sendable {
    /// How the run is carried out, apart from what the tournament is.
    public struct Options: Sendable {
        /// Where the embedded server keeps its games: `OUTPUT/server.sqlite` when nil.
        public var storage: ServerHost.Storage?
        /// The deadline of each request to the server.
        public var requestTimeout: Duration
        /// Whether the run writes results.json, index.html and the replays at the end.
        public var writeReports: Bool
        /// What the embedded server logs to stderr.
        public var serverLogLevel: Logger.Level
        /// How every external bot's process is started; nil for this machine's
        /// ``Sandbox/SandboxLauncher``, which the run refuses to start without when a bot is to
        /// be sandboxed and bubblewrap cannot run here (it fails closed).
        public var launcher: (any BotLauncher)?
        /// Asked between two nights of a matchmade season's rounds, once the next has games:
        /// false ends the run there (the arena's, when uploads wait to be entered); the arena
        /// publishes the standings meanwhile.
        public var nextNight: @Sendable () async -> Bool = { true }

        public init(
            storage: ServerHost.Storage? = nil, requestTimeout: Duration = .seconds(5), writeReports: Bool = true,
            serverLogLevel: Logger.Level = .warning, launcher: (any BotLauncher)? = nil
        ) {
            self.storage = storage
            self.requestTimeout = requestTimeout
            self.writeReports = writeReports
            self.serverLogLevel = serverLogLevel
            self.launcher = launcher
        }
    }

    /// The tournament: bots, schedule, server choice (`server`) and output folder.
    public let configuration: TournamentConfig
    public let options: Options

    public init(configuration: TournamentConfig, options: Options = Options()) {
        self.configuration = configuration
        self.options = options
    }

    /// The most games in flight whose tasks run on the HTTP client's event-loop thread; with
    /// more, they run on Swift's global executor. Measured on 2 cores (benchmarks/HISTORY.md, "Both
    /// local seats in one task"): at 1 to 16 games in flight the loop is as fast or faster (15.1
    /// against 13.0 games/s at 1), at 64 the global executor is 1.17x faster (median of 5 pairs),
    /// the loop thread being busy with every game's work besides the transfers.
    public static let gamesOnTheClientLoop = 16

    /// The output folder's layout, relative to it.
    public enum Layout {
        public static let journal = ReportLayout.journal
        public static let database = "server.sqlite"
        public static let logs = "logs"
    }

    /// Runs the tournament until every game has a result, or until `stop` is requested and the
    /// games in flight have finished. `progress` is called from the run's tasks.
    ///
    /// A run that fails before any game was started leaves nothing behind in the output folder
    /// (``RunFootprint``).
    public func run(stop: StopSignal = StopSignal(), progress: @escaping @Sendable (RunEvent) -> Void = { _ in }) async throws(OrchestratorError)
        -> RunSummary
    {
        let footprint = RunFootprint(runFolder: configuration.runDirectory, outputFolder: configuration.outputDirectory)
        do {
            return try await runInFolder(stop: stop, progress: progress)
        } catch {
            // Not when the folder is another run's: what is new in it since is that run's.
            if case .folder = error { throw error }
            footprint.removeIfNothingPlayed()
            throw error
        }
    }

    private func runInFolder(stop: StopSignal, progress: @escaping @Sendable (RunEvent) -> Void) async throws(OrchestratorError) -> RunSummary {
        let scheduler = configuration.scheduler
        if configuration.context.shard != nil, configuration.context.isSeason, configuration.context.seasonNight == nil {
            throw .cannotShard(
                "a season's shard plays the night its shards share, which must be opened first (SeasonShardNight.open, as `salvo run --shard` does)")
        }
        if configuration.context.shard != nil, let obstacle = scheduler.whyNotShardable {
            throw .cannotShard(obstacle + "; run it without --shard")
        }
        // A season's night has as many pairs as its new versions miss, which changes nightly:
        // a shard with none of them plays nothing.
        if let shard = configuration.context.shard, !configuration.context.isSeason, shard.count > scheduler.sharding?.mirroredPairCount ?? 1 {
            throw .cannotShard(
                "\(shard.count) shards are more than its \(scheduler.sharding?.mirroredPairCount ?? 1) mirrored pairs of games, the smallest part a shard can play; split it into at most that many"
            )
        }
        let folder = configuration.runDirectory
        let lock: FolderLock
        do {
            lock = try FolderLock.acquire(folder)
        } catch {
            throw .folder(error)
        }
        defer { lock.release() }

        let launcher = try self.launcher()
        try await checkSandboxStarts(launcher)
        var config = fittedToOpenFiles(configuration, progress: progress)
        let journalPath = (folder as NSString).appendingPathComponent(Layout.journal)
        let resume: TournamentRunner.ResumePoint
        let journal: Journal
        do {
            resume = try TournamentRunner.resumePoint(journalPath: journalPath, config: config)
            journal = try Journal(path: journalPath)
        } catch {
            throw .journal("\(error)")
        }
        // A continued run derives its seeds as its journal's did.
        if let derivation = resume.seedDerivation { config.context.seedDerivation = derivation }
        // A season's shard comes with the night its shards share (``SeasonShardNight``).
        if config.context.isSeason, config.context.seasonNight == nil {
            let planned = try Self.planNight(config, resume: resume)
            progress(.season(planned.changes))
            config = planned.config
        }
        // A fault of the set-up is never a result: a bot that could start in no game stops the
        // run here, before its first game, instead of forfeiting every one.
        let cannotStart = Self.botsThatCannotStart(config.bots, launcher: launcher)
        if !cannotStart.isEmpty { throw .botsCannotStart(cannotStart) }
        do {
            config.context.seedKey = try Self.seedKey(config, resume: resume, journalPath: journalPath)
        } catch {
            throw .seedKey(error)
        }
        let logs = (folder as NSString).appendingPathComponent(Layout.logs)
        do {
            try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate(path: logs, detail: error.localizedDescription)
        }

        let host = try await ServerHost.start(
            config.server, storage: options.storage ?? .file((folder as NSString).appendingPathComponent(Layout.database)),
            writeBehind: true, logLevel: options.serverLogLevel
        )
        // Each game in flight has about one request out at a time: keep that many connections
        // open, or every request beyond the cache's size pays a connect and a close.
        let http = CurlHTTPClient(configuration: .init(maxIdleConnections: max(64, config.concurrency)))
        let played: Result<ScheduleResults, OrchestratorError>
        do {
            var resume = resume
            var settleLeft = config.context.settleGames
            while true {
                let results = try await play(
                    config, on: host, http: http, journal: journal, resume: resume, logs: logs, launcher: launcher, stop: stop, progress: progress)
                // A matchmade season plays its rounds night after night in one run, until a round is empty.
                guard let night = config.context.seasonNight, Self.playsRounds(config), !stop.isRequested,
                    night.indices.allSatisfy({ results.rated[$0] != nil })
                else {
                    played = .success(results)
                    break
                }
                if night.matchmade?.method == .settle, let left = settleLeft { settleLeft = left - night.games.count }
                if !resume.nights.contains(night) { resume.nights.append(night) }
                resume.rated = results.rated
                resume.attempts = results.attempts
                resume.hasStarted = true
                var next = config
                next.context.settleGames = settleLeft
                let planned = try Self.planNight(next, resume: resume)
                guard planned.changes.continued == false, planned.config.context.seasonNight?.games.isEmpty == false, await options.nextNight()
                else {
                    played = .success(results)
                    break
                }
                progress(.season(planned.changes))
                config.context.seasonNight = planned.config.context.seasonNight
            }
        } catch {
            played = .failure(error)
        }
        // One shutdown, however the games ended.
        await http.shutdown()
        await host.stop()
        let results = try played.get()
        // The played configuration's (its seed key and fitted concurrency are final now). A
        // season's standings are every night's games between its current versions.
        let playedScheduler = config.scheduler
        let records = results.ratedInOrder.filter(playedScheduler.countsInStandings)
        let scheduled = config.context.shard == nil ? playedScheduler.standingsGames : playedScheduler.plannedGamesInRun
        var written: ReportWriter.Written?
        // A shard's games are a part of a tournament: `salvo merge` writes the reports.
        if options.writeReports, config.context.shard == nil {
            do {
                written = try ReportWriter.write(directory: folder)
            } catch {
                throw .reports(error.description)
            }
        }
        var summary = RunSummary(
            configuration: config, serverURL: host.baseURL, records: records, scheduledGames: scheduled,
            stoppedEarly: stop.isRequested && records.count < scheduled, journalPath: journalPath, reports: written,
            swiss: playedScheduler.swissProgress(after: results)
        )
        summary.endedEarly = playedScheduler.earlyEnd(after: results) != nil
        return summary
    }

    /// Each external bot of `bots` that `launcher` could start in no game, with why
    /// (``Bots/BotLauncher/setupProblem(for:)``): `name: problem`.
    static func botsThatCannotStart(_ bots: [BotEntry], launcher: any BotLauncher) -> [String] {
        bots.compactMap { bot in
            guard case .external(let spec) = bot.kind else { return nil }
            if let version = bot.version, let folder = spec.folder, !FileManager.default.fileExists(atPath: folder) {
                return
                    "\(bot.name): the built copy of its version \(version) is missing (\(folder)): it was removed, or the output folder was copied without its submissions/bots: restore that folder from a backup, or have the student submit again (a version that builds replaces it)"
            }
            guard let problem = launcher.setupProblem(for: spec) else { return nil }
            return "\(bot.name): \(problem)"
        }
    }

    /// The seed key the run plays with: its journal's, when it continues one (none for a journal
    /// written before seed keys); else the one given in the configuration; else the output
    /// folder's, drawn on its first run and shared by its shards (``Tournament/SeedKey``).
    private static func seedKey(_ config: TournamentConfig, resume: TournamentRunner.ResumePoint, journalPath: String) throws(SeedKeyError)
        -> SeedKey?
    {
        let path = (config.outputDirectory as NSString).appendingPathComponent(SeedKey.fileName)
        if resume.hasStarted {
            if let key = resume.seedKey, let kept = try SeedKey.read(path), kept != key { throw .differs(path: path, journal: journalPath) }
            return resume.seedKey
        }
        if let given = config.context.seedKey { return given }
        return try SeedKey.inFolder(config.outputDirectory)
    }

    /// `config` with the night a season's run plays (``Tournament/SeasonPlan``): the last one
    /// continued, or a new one of the games its current versions are missing; with what
    /// changed, to say before play. `resume` is the season's journal's.
    static func planNight(_ config: TournamentConfig, resume: TournamentRunner.ResumePoint) throws(OrchestratorError) -> (
        config: TournamentConfig, changes: SeasonChanges
    ) {
        let plan: SeasonPlan.Decision
        // Where the copies are now: a season moved between nights launches them from here.
        let botsFolder = URL(fileURLWithPath: config.outputDirectory).standardizedFileURL.path + "/submissions/bots"
        do {
            plan = try SeasonPlan.plan(
                nights: resume.nights.map { $0.movingCopies(to: botsFolder) }, rated: resume.rated, listed: config.bots.filter { $0.version == nil },
                entered: config.bots.filter { $0.version != nil }, notEntered: config.context.seasonNotEntered,
                gamesPerPairing: config.gamesPerPairing, swissRounds: (config.scheduler as? any SeasonableScheduler)?.seasonSwissRounds,
                matchmaking: matchmaking(config), seed: config.seed, now: Date()
            )
        } catch {
            throw .journal(error.description)
        }
        guard plan.night.bots.count >= 2 else {
            throw .cannotContinue("a season needs at least two entries, and \(plan.night.bots.count) are current; see the not-entered list above")
        }
        var config = config
        config.context.seasonNight = plan.night
        config.bots = plan.night.bots
        return (config, plan.changes)
    }

    /// How a season's new night chooses its games: settle rounds for a run that settles
    /// (``Tournament/RunContext/settleGames``; none once its games are spent), the season's
    /// adaptive rounds, or nil for a round robin's missing games.
    static func matchmaking(_ config: TournamentConfig) -> SeasonMatchmaking? {
        if let games = config.context.settleGames { return .settle(games: max(0, games)) }
        return config.matchmaking.seasonMatchmaking
    }

    /// Whether the run plays a season's matchmade rounds one night after another (not a
    /// shard's: its night is the one its shards share).
    static func playsRounds(_ config: TournamentConfig) -> Bool {
        config.context.isSeason && config.context.shard == nil && matchmaking(config) != nil
    }

    /// Checks that the server answers, then plays the games.
    private func play(
        _ config: TournamentConfig, on host: ServerHost, http: CurlHTTPClient, journal: Journal,
        resume: TournamentRunner.ResumePoint, logs: String, launcher: any BotLauncher, stop: StopSignal,
        progress: @escaping @Sendable (RunEvent) -> Void
    ) async throws(OrchestratorError) -> ScheduleResults {
        let client = BattleshipAPIClient(
            baseURL: host.baseURL, http: http, rateLimiter: RateLimiter(requestsPerSecond: config.rateLimit),
            configuration: .init(requestTimeout: options.requestTimeout, reuseConnectionsForWrites: host.isEmbedded)
        )
        do {
            // A quick check that the server answers, so a wrong URL fails in one line.
            _ = try await client.listGames()
        } catch {
            throw .serverUnreachable(url: host.baseURL, detail: "\(error)")
        }
        progress(.playing(serverURL: host.baseURL, embedded: host.isEmbedded, config: config))
        // Few games in flight: on the HTTP client's loop, each reply resumes its game without a
        // thread hand-off. Many: on Swift's global pool, so that the games' own work (bots, JSON)
        // runs on every core, not on the one thread that also moves every transfer.
        let executor: (any TaskExecutor)? = config.concurrency <= Self.gamesOnTheClientLoop ? http.taskExecutor : nil
        var runner = TournamentRunner(
            config: config, serverURL: host.baseURL, client: client, journal: journal, stop: stop, logDirectory: logs, executor: executor,
            launcher: launcher)
        let extensions = (try? await client.extensions()) ?? .none
        // Where the server offers it, nobody but the run can join its games (docs/server.md).
        runner.privateGames = extensions.offers(ServerExtensions.joinToken)
        if config.placement == .bots, !extensions.offers(ServerExtensions.fleet) {
            throw .serverLacksExtension(url: host.baseURL, name: ServerExtensions.fleet, setting: "placement: bots")
        }
        do {
            return try await runner.run(from: resume) { progress(.progress($0)) }
        } catch let error as BattleshipClientError where error != .cancelled {
            throw .serverUnreachable(url: host.baseURL, detail: error.description)
        } catch let failure as TournamentRunner.Failure {
            throw .cannotContinue(failure.description)
        } catch {
            throw .journal("\(error)")
        }
    }

    /// The launcher given in the options, else this machine's sandbox; fails closed when a bot
    /// is to be sandboxed and bubblewrap cannot run here.
    private func launcher() throws(OrchestratorError) -> any BotLauncher {
        if let launcher = options.launcher { return launcher }
        let sandboxed = configuration.bots.contains { bot in
            if case .external(let spec) = bot.kind { spec.sandbox.isEnabled } else { false }
        }
        guard sandboxed else { return SandboxLauncher() }
        switch SandboxLauncher.make() {
        case .success(let launcher): return launcher
        case .failure(let unavailable): throw .sandbox(unavailable)
        }
    }

    /// Starts every sandboxed external bot once, exactly as a game will, before the first game:
    /// a sandbox that cannot start one here (a folder `nobody` cannot read, a `/proc` that
    /// cannot be mounted) is a fault of the host, and the run refuses in one line rather than
    /// let every game of the bot be a forfeit.
    /// Up to 8 bots start at once (a class's JVMs all at once would take the machine's memory).
    private func checkSandboxStarts(_ launcher: any BotLauncher) async throws(OrchestratorError) {
        var pending = configuration.bots.compactMap { bot -> (String, ExternalBotSpec)? in
            guard case .external(let spec) = bot.kind, spec.sandbox.isEnabled else { return nil }
            return (bot.name, spec)
        }[...]
        let failure = await withTaskGroup(of: SandboxStartFailure?.self) { group -> SandboxStartFailure? in
            func startNext() {
                guard let (name, spec) = pending.popFirst() else { return }
                group.addTask { await LaunchCheck.sandboxFailure(of: spec, launcher: launcher).map { SandboxStartFailure(bot: name, detail: $0) } }
            }
            for _ in 0..<8 { startNext() }
            var first: SandboxStartFailure?
            for await result in group {
                first = first ?? result
                startNext()
            }
            return first
        }
        if let failure { throw .sandboxCannotStart(failure) }
    }

    /// `config` with no more games in flight than the open-file limit allows, after raising
    /// the soft limit to the hard one.
    private func fittedToOpenFiles(_ config: TournamentConfig, progress: (RunEvent) -> Void) -> TournamentConfig {
        guard let openFiles = OpenFileLimit.raiseToHardLimit() else { return config }
        let external = config.bots.filter(\.isExternal).count
        let perGame = OpenFileLimit.filesPerGame(embeddedServer: config.server == .embedded, externalBots: min(external, 2))
        let fit = OpenFileLimit.gamesThatFit(limit: openFiles, filesPerGame: perGame)
        guard config.concurrency > fit else { return config }
        progress(.concurrencyLimited(requested: config.concurrency, allowed: fit, filesPerGame: perGame, openFiles: openFiles))
        var fitted = config
        fitted.concurrency = fit
        return fitted
    }
}
