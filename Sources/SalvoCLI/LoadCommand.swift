import ArgumentParser
import Bots
import CurlHTTP
import DurationUnits
import Foundation
import LoadTest
import Orchestrator
import Tournament

/// `salvo load --server URL`: load-tests a Battleship server with games played by built-in
/// bots, and reports requests/s, latency percentiles and errors per endpoint.
struct LoadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Load-test a Battleship server: play games with built-in bots as fast as it answers.",
        discussion: """
            Plays whole games (create, join, status polls and guesses, boards, detail; one game \
            in --list-every lists the lobby) with --concurrency games in flight, each player \
            polling as soon as the opponent's guess is answered. Without --rate the load is closed \
            loop; with --rate R the run's requests follow a fixed timetable (request k is due at \
            start + k/R) and latency is measured from the due time, so stalls are not hidden. \
            Stops after --games N or --duration S (default 10 s). Writes load.json and load.html \
            to --output. Only the given server is sent requests: point it at servers you run or \
            may load. See docs/load.md.
            """
    )

    @Option(help: "The server's root URL (without /api), or `embedded` to start Salvo's own server on 127.0.0.1 in this process (it then shares the CPU with the load).")
    var server: String

    @Option(help: "Stop after this many games (each played to its end).")
    var games: Int?

    @Option(help: "Stop after this many seconds (default 10 when --games is not given); games in flight are abandoned.")
    var duration: Double?

    @Option(help: "Games in flight at once (with --endpoint: request loops).")
    var concurrency = 16

    @Option(help: "Open loop: this many requests per second in all, on a fixed timetable; latency counts from each request's due time.")
    var rate: Double?

    @Option(help: "The built-in bot both players use: random, hunt-target, parity, density or champion.")
    var bot: BuiltInBot = .huntTarget

    @Option(help: "Instead of games, repeat one read of already started games: status, board or detail (for comparing with wrk).")
    var endpoint: String?

    @Option(help: "Write load.json and load.html here (default reports/load-YYYYMMDD-HHMMSS).")
    var output: String?

    @Option(help: "The seed of the boards (Salvo's server honours it) and of the bots.")
    var seed: UInt64 = 1

    @Option(help: "HTTP event-loop threads the games are spread over (default: one per core, like wrk -t).")
    var threads = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Seconds a request may take before it counts as a timeout.")
    var timeout: Double = 5

    @Option(help: "One game in this many lists the lobby (GET /api/games) before joining; 0 never.")
    var listEvery = 20

    @Option(help: "Run one share of the load, into OUTPUT/shards/I/: I/N, or auto (Slurm or Kubernetes, as for run). --games and --rate are the whole load's, split evenly; --concurrency and --duration are each shard's. `salvo merge OUTPUT` adds the shards up.")
    var shard: String?

    @Option(help: "Exit non-zero, with one line per broken requirement, when the run misses any: comma-separated [endpoint:]metric<value, e.g. 'p99<50ms,guess:p99.9<=200ms,errors=0,error-rate<0.1%,rps>=500' (latencies of successful requests; docs/load.md). load.json and load.html give each one's measured value and verdict.")
    var require: String?

    @OptionGroup var console: OutputOptions

    func validate() throws {
        if games != nil, duration != nil { throw ValidationError("Please give either --games or --duration, not both.") }
        if let games, games < 1 { throw ValidationError("Please give --games a whole number of at least 1.") }
        if let duration, !(duration > 0 && duration.isFinite) { throw ValidationError("Please give --duration a number of seconds above 0.") }
        if concurrency < 1 { throw ValidationError("Please give --concurrency a whole number of at least 1.") }
        if let rate, !(rate > 0 && rate.isFinite) { throw ValidationError("Please give --rate a number of requests per second above 0.") }
        if !(timeout > 0 && timeout.isFinite) { throw ValidationError("Please give --timeout a number of seconds above 0.") }
        if listEvery < 0 { throw ValidationError("Please give --list-every a whole number, 0 for never.") }
        if threads < 1 { throw ValidationError("Please give --threads a whole number of at least 1.") }
        if let endpoint {
            guard let chosen = Endpoint(rawValue: endpoint), LoadSettings.repeatableEndpoints.contains(chosen) else {
                throw ValidationError("Please give --endpoint as status, board or detail.")
            }
            if games != nil { throw ValidationError("--endpoint runs for a time: please give --duration instead of --games.") }
        }
        if ServerChoice(parsing: server) == nil {
            throw ValidationError("Please give --server as \(ServerChoice.expected).")
        }
        if let require {
            do {
                _ = try LoadRequirement.parseList(require)
            } catch {
                throw ValidationError(error.description)
            }
        }
        if let shard {
            guard output != nil else { throw ValidationError("--shard needs --output: every shard writes into OUTPUT/shards/I/, for `salvo merge OUTPUT`.") }
            if shard != "auto" {
                do {
                    _ = try Shard(parsing: shard)
                } catch {
                    throw ValidationError(error.description)
                }
            }
        }
    }

    /// The part of `total` that shard `index` of `count` takes: the even share, one more for
    /// the first `total mod count` shards.
    static func share(of total: Int, shard: Shard) -> Int {
        total / shard.count + (shard.index < total % shard.count ? 1 : 0)
    }

    func run() async throws {
        OpenFileLimit.raiseToHardLimit()
        var part: Shard?
        if let shard {
            part = try RunCommand.shard(shard)
        }
        var games = games
        var rate = rate
        var seed = seed
        if let part {
            games = games.map { Self.share(of: $0, shard: part) }
            rate = rate.map { $0 / Double(part.count) }
            // Each shard plays other boards.
            seed = seed &+ UInt64(part.index) &* 0x9E37_79B9_7F4A_7C15
            if games == 0 { throw CommandFailure.noLoadGamesForShard(shard: "\(part)", games: self.games ?? 0, shards: part.count) }
        }
        var requirements: [LoadRequirement] = []
        if let require {
            requirements = try LoadRequirement.parseList(require)
        }
        let base = output ?? "reports/load-" + Self.timestamp()
        let folder = part.map { TournamentConfig.shardDirectory(output: base, index: $0.index) } ?? base
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure.cannotCreateOutputFolder(path: folder, detail: error.localizedDescription)
        }

        let host: ServerHost = try await ServerHost.start(ServerChoice(parsing: server) ?? .embedded, storage: .file(folder + "/server.sqlite"))
        let serverURL = host.baseURL

        let settings = LoadSettings(
            serverURL: serverURL,
            stop: games.map { .games($0) } ?? .duration(.seconds(duration ?? 10)),
            concurrency: concurrency,
            requestsPerSecond: rate,
            bot: bot,
            endpoint: endpoint.flatMap { Endpoint(rawValue: $0) },
            seed: seed,
            requestTimeout: .seconds(timeout),
            listEvery: listEvery
        )
        // The lobby lists every game on the server, so allow large replies.
        let clients = (0..<min(threads, concurrency)).map { _ in
            CurlHTTPClient(configuration: .init(maxResponseSize: 64 << 20, maxIdleConnections: max(64, 2 * concurrency)))
        }
        let generator = LoadGenerator(settings: settings, clients: clients)
        let result: LoadResult
        do {
            try await generator.checkReachable()
            console.notes.say("Loading \(serverURL): \(Self.plan(settings)); report in \(folder)")
            let signals = InterruptHandler(stop: generator.stopFlag, message: "Stopping after the requests in flight")
            let progress = Task { [quiet = console.quiet] in
                if !quiet { await LoadProgressLine(recorder: generator.recorder).show() }
            }
            defer {
                progress.cancel()
                signals.cancel()
            }
            result = try await generator.run()
            progress.cancel()
            await progress.value
        } catch {
            for client in clients { await client.shutdown() }
            await host.stop()
            throw error
        }
        for client in clients { await client.shutdown() }
        await host.stop()

        var report = LoadReport(result, embeddedServer: host.isEmbedded, shard: part?.description)
        // A run stopped before its planned end is not judged (docs/exit-codes.md): its report
        // carries no verdicts.
        if !generator.stopFlag.isRequested { report.grade(requirements) }
        do {
            try report.json().write(to: URL(fileURLWithPath: folder + "/load.json"))
            try Data(LoadReportHTML.render(report).utf8).write(to: URL(fileURLWithPath: folder + "/load.html"))
        } catch {
            throw CommandFailure.cannotWriteLoadReport(folder: folder, detail: error.localizedDescription)
        }
        print(LoadTable.render(report))
        print("Report: \(folder)/load.json, \(folder)/load.html")
        if generator.stopFlag.isRequested {
            throw CommandFailure.incomplete("stopped before its planned end; the report holds what was measured until then")
        }
        if let part { console.notes.say("Shard \(part) has run its share. Once every shard has, `salvo merge \(base)` adds them up.") }
        try Self.check(report)
    }

    /// Prints every broken requirement of `report` (``LoadReport/grade(_:)``) on stderr and
    /// exits non-zero when there is one; load.json and load.html carry the same verdicts.
    static func check(_ report: LoadReport) throws {
        guard let requirements = report.requirements else { return }
        guard requirements.verdict == .broken else {
            print("Requirements kept: \(requirements.checks.map(\.requirement).joined(separator: ", "))")
            return
        }
        let broken = requirements.checks.compactMap(LoadRequirement.sentence)
        FileHandle.standardError.write(Data(broken.map { "requirement \($0)\n" }.joined().utf8))
        throw CommandFailure.requirementsBroken
    }

    /// What the run will do, in a few words.
    static func plan(_ settings: LoadSettings) -> String {
        var parts: [String] = []
        if let endpoint = settings.endpoint {
            parts.append("\(endpoint.rawValue) requests from \(settings.concurrency) loops")
        } else {
            parts.append("\(settings.bot.rawValue) games, \(settings.concurrency) at once")
        }
        switch settings.stop {
        case .games(let count): parts.append("\(count) games")
        case .duration(let length): parts.append(String(format: "for %g s", length.seconds))
        }
        parts.append(settings.requestsPerSecond.map { String(format: "open loop at %.1f requests/s", $0) } ?? "closed loop")
        return parts.joined(separator: ", ")
    }

    static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: Date())
    }
}

extension BuiltInBot: ExpressibleByArgument {}
