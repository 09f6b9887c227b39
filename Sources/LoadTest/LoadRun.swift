import Bots
import CurlHTTP
import Foundation
import Orchestrator
import RunControl
import Tournament

/// A load test as `salvo load` runs it, as one library call: the report's folder made, the
/// server started (the embedded one, its games in the folder's server.sqlite) or named, the
/// games (or one endpoint's requests) played from `threads` HTTP clients until the stop
/// (``LoadGenerator``), the report graded against the requirements and written as load.json
/// and load.html. The clients and the server are stopped, awaited, before it returns or
/// throws. `salvo load` only parses its arguments and prints what it hears and returns.
///
/// ```swift
/// let run = LoadRun(options: .init(server: .embedded, stop: .games(100), output: "reports/load"))
/// let outcome = try await run.run { loading in print("Loading \(loading.server)") }
/// print(outcome.report.total.requests, outcome.folder)   // 8123 reports/load
/// ```
public struct LoadRun: Sendable {
    /// What the run does: `salvo load`'s options, checked.
    public struct Options: Sendable {
        /// The server to load: the embedded one, started in this process, or one by URL.
        public var server: ServerChoice
        /// When the run ends; `.games(n)` counts the whole load's games, split between the shards.
        public var stop: LoadSettings.Stop
        /// Games in flight at once (with `endpoint`: request loops), in this process.
        public var concurrency: Int
        /// Open loop: the whole load's requests per second, split between the shards; nil for
        /// closed loop.
        public var requestsPerSecond: Double?
        /// The strategy of both players of every game.
        public var bot: BuiltInBot
        /// One read-only endpoint to repeat instead of whole games.
        public var endpoint: Endpoint?
        /// The seed of the boards and the bots (each shard plays others).
        public var seed: UInt64
        /// HTTP clients, each with its event-loop thread, the games are spread over (at most
        /// `concurrency` of them).
        public var threads: Int
        /// The deadline of each request.
        public var requestTimeout: Duration
        /// One game in this many lists the lobby; 0 never.
        public var listEvery: Int
        /// The share of the load this process runs, written into OUTPUT/shards/I/.
        public var shard: Shard?
        /// What the report is graded against (``LoadReport/grade(_:)``) when the run was not
        /// stopped before its planned end.
        public var requirements: [LoadRequirement]
        /// The folder of the report; nil for reports/load-YYYYMMDD-HHMMSS.
        public var output: String?

        public init(
            server: ServerChoice, stop: LoadSettings.Stop = .duration(.seconds(10)), concurrency: Int = 16, requestsPerSecond: Double? = nil,
            bot: BuiltInBot = .huntTarget, endpoint: Endpoint? = nil, seed: UInt64 = 1, threads: Int = ProcessInfo.processInfo.activeProcessorCount,
            requestTimeout: Duration = .seconds(5), listEvery: Int = 20, shard: Shard? = nil, requirements: [LoadRequirement] = [],
            output: String? = nil
        ) {
            self.server = server
            self.stop = stop
            self.concurrency = concurrency
            self.requestsPerSecond = requestsPerSecond
            self.bot = bot
            self.endpoint = endpoint
            self.seed = seed
            self.threads = threads
            self.requestTimeout = requestTimeout
            self.listEvery = listEvery
            self.shard = shard
            self.requirements = requirements
            self.output = output
        }
    }

    /// The load under way, for the caller to show: the server has answered and the first
    /// requests are going out.
    public struct Loading: Sendable {
        /// The server's root URL: as given, or the embedded server's.
        public let server: String
        /// What this process runs: its share of the load, against the server's URL.
        public let settings: LoadSettings
        /// Where the report will be written.
        public let folder: String
        /// The running totals.
        public let recorder: LoadRecorder
    }

    /// What a run measured and where it wrote it.
    public struct Outcome: Sendable {
        /// The report written as load.json and load.html, graded unless the run was stopped.
        public let report: LoadReport
        /// The folder of load.json and load.html: `output`, or a shard's folder under it.
        public let folder: String
        /// The output folder, as given or the default one.
        public let output: String
        /// Whether the run went to its planned end; false when `stop` was requested first, and
        /// then the report carries no verdicts.
        public let isComplete: Bool
    }

    public let options: Options

    public init(options: Options) {
        self.options = options
    }

    /// Runs the load, writes the report and returns it. `whileLoading` runs beside the load
    /// once the server has answered, and is cancelled and awaited when the load has ended,
    /// before the clients and the server are stopped. With `stop` requested (Ctrl-C) no
    /// request starts any more; the report holds what was measured until then.
    public func run(
        stop: StopSignal = StopSignal(),
        whileLoading: @escaping @Sendable (Loading) async -> Void = { _ in }
    ) async throws(LoadRunError) -> Outcome {
        OpenFileLimit.raiseToHardLimit()
        let share = try share()
        let output = options.output ?? "reports/load-" + Self.timestamp()
        let folder = options.shard.map { TournamentConfig.shardDirectory(output: output, index: $0.index) } ?? output
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateOutputFolder(path: folder, detail: error.localizedDescription)
        }
        let host: ServerHost
        do {
            host = try await ServerHost.start(options.server, storage: .file(folder + "/server.sqlite"))
        } catch {
            throw .server(error)
        }
        let result = try await host.serving { host throws(LoadRunError) in
            var settings = share
            // Without a final slash, as LoadSettings has its URL.
            settings.serverURL = LoadSettings(serverURL: host.baseURL).serverURL
            return try await load(settings, server: host.baseURL, folder: folder, stop: stop, whileLoading: whileLoading)
        }
        var report = LoadReport(result, embeddedServer: host.isEmbedded, shard: options.shard?.description)
        // A run stopped before its planned end is not judged (docs/exit-codes.md): its report
        // carries no verdicts.
        if !stop.isRequested { report.grade(options.requirements) }
        do {
            try report.json().write(to: URL(fileURLWithPath: folder + "/load.json"))
            try Data(LoadReportHTML.render(report).utf8).write(to: URL(fileURLWithPath: folder + "/load.html"))
        } catch {
            throw .cannotWriteReport(folder: folder, detail: error.localizedDescription)
        }
        return Outcome(report: report, folder: folder, output: output, isComplete: !stop.isRequested)
    }

    /// The settings of this process's share (without the server's URL, known once it runs):
    /// a shard plays its part of the games and of the rate, on boards of its own.
    func share() throws(LoadRunError) -> LoadSettings {
        var stop = options.stop
        var rate = options.requestsPerSecond
        var seed = options.seed
        if let shard = options.shard {
            if case .games(let total) = stop {
                let games = Self.share(of: total, shard: shard)
                if games == 0 { throw .noGamesForShard(shard: "\(shard)", games: total, shards: shard.count) }
                stop = .games(games)
            }
            rate = rate.map { $0 / Double(shard.count) }
            // Each shard plays other boards.
            seed = seed &+ UInt64(shard.index) &* 0x9E37_79B9_7F4A_7C15
        }
        return LoadSettings(
            serverURL: "", stop: stop, concurrency: options.concurrency, requestsPerSecond: rate, bot: options.bot, endpoint: options.endpoint,
            seed: seed, requestTimeout: options.requestTimeout, listEvery: options.listEvery
        )
    }

    /// The part of `total` that `shard` takes: the even share, one more for the first
    /// `total mod count` shards.
    public static func share(of total: Int, shard: Shard) -> Int {
        total / shard.count + (shard.index < total % shard.count ? 1 : 0)
    }

    /// Plays `settings` from the run's clients, with `whileLoading` beside it once the server
    /// has answered; the clients are shut down, awaited, on every path.
    private func load(
        _ settings: LoadSettings, server: String, folder: String, stop: StopSignal, whileLoading: @escaping @Sendable (Loading) async -> Void
    ) async throws(LoadRunError) -> LoadResult {
        // The lobby lists every game on the server, so allow large replies.
        let configuration = CurlHTTPClient.Configuration(maxResponseSize: 64 << 20, maxIdleConnections: max(64, 2 * options.concurrency))
        let count = min(options.threads, options.concurrency)
        return try await CurlHTTPClient.withClients(count, configuration: configuration) { clients throws(LoadRunError) in
            let generator = LoadGenerator(settings: settings, clients: clients, stop: stop)
            try await generator.checkReachable()
            let loading = Loading(server: server, settings: settings, folder: folder, recorder: generator.recorder)
            let ended = await withTaskGroup(of: Result<LoadResult, LoadRunError>?.self) { group in
                group.addTask {
                    await whileLoading(loading)
                    return nil
                }
                group.addTask {
                    do throws(LoadRunError) {
                        return .success(try await generator.run())
                    } catch {
                        return .failure(error)
                    }
                }
                // The load's end, not `whileLoading`'s, ends the group: the other is cancelled.
                while let next = await group.next() {
                    guard let next else { continue }
                    group.cancelAll()
                    return next
                }
                preconditionFailure("the load's task ended without a result")
            }
            return try ended.get()
        }
    }

    /// The default output folder's time stamp: YYYYMMDD-HHMMSS in UTC.
    static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: Date())
    }
}
