import ArgumentParser
import Bots
import DurationUnits
import Foundation
import LoadTest
import RunControl
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

    @Option(
        help:
            "The server's root URL (without /api), or `embedded` to start Salvo's own server on 127.0.0.1 in this process (it then shares the CPU with the load)."
    )
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

    @Option(
        help:
            "Run one share of the load, into OUTPUT/shards/I/: I/N, or auto (Slurm or Kubernetes, as for run). --games and --rate are the whole load's, split evenly; --concurrency and --duration are each shard's. `salvo merge OUTPUT` adds the shards up."
    )
    var shard: String?

    @Option(
        help:
            "Exit non-zero, with one line per broken requirement, when the run misses any: comma-separated [endpoint:]metric<value, e.g. 'p99<50ms,guess:p99.9<=200ms,errors=0,error-rate<0.1%,rps>=500' (latencies of successful requests; docs/load.md). load.json and load.html give each one's measured value and verdict."
    )
    var require: String?

    @OptionGroup var console: OutputOptions

    func validate() throws {
        if games != nil, duration != nil { throw CommandFailure.gamesOrDuration }
        if let games, games < 1 { throw CommandFailure.atLeastOne("--games") }
        if let duration, !(duration > 0 && duration.isFinite) { throw CommandFailure.secondsAboveZero("--duration") }
        if concurrency < 1 { throw CommandFailure.atLeastOne("--concurrency") }
        if let rate, !(rate > 0 && rate.isFinite) { throw CommandFailure.rateAboveZero }
        if !(timeout > 0 && timeout.isFinite) { throw CommandFailure.secondsAboveZero("--timeout") }
        if listEvery < 0 { throw CommandFailure.listEvery }
        if threads < 1 { throw CommandFailure.atLeastOne("--threads") }
        if let endpoint {
            guard let chosen = Endpoint(rawValue: endpoint), LoadSettings.repeatableEndpoints.contains(chosen) else {
                throw CommandFailure.endpointChoice
            }
            if games != nil { throw CommandFailure.endpointWithGames }
        }
        if ServerChoice(parsing: server) == nil {
            throw CommandFailure.serverChoice
        }
        if let require {
            do {
                _ = try LoadRequirement.parseList(require)
            } catch {
                throw CommandFailure.mistake(error)
            }
        }
        if let shard {
            guard output != nil else { throw CommandFailure.shardWithoutOutput }
            if shard != "auto" {
                do {
                    _ = try Shard(parsing: shard)
                } catch {
                    throw CommandFailure.mistake(error)
                }
            }
        }
    }

    func run() async throws {
        var shard: Shard?
        if let text = self.shard {
            shard = try RunCommand.shard(text)
        }
        var requirements: [LoadRequirement] = []
        if let require {
            requirements = try LoadRequirement.parseList(require)
        }
        let options = LoadRun.Options(
            server: ServerChoice(parsing: server) ?? .embedded, stop: games.map { .games($0) } ?? .duration(.seconds(duration ?? 10)),
            concurrency: concurrency, requestsPerSecond: rate, bot: bot, endpoint: endpoint.flatMap { Endpoint(rawValue: $0) }, seed: seed,
            threads: threads, requestTimeout: .seconds(timeout), listEvery: listEvery, shard: shard, requirements: requirements, output: output
        )
        let stop = StopSignal()
        let notes = console.notes
        let quiet = console.quiet
        let outcome = try await LoadRun(options: options).run(stop: stop) { loading in
            notes.say("Loading \(loading.server): \(Self.plan(loading.settings)); report in \(loading.folder)")
            let signals = InterruptHandler(stop: stop, message: "Stopping after the requests in flight")
            defer { signals.cancel() }
            if quiet {
                while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
            } else {
                await LoadProgressLine(recorder: loading.recorder).show()
            }
        }
        let folder = outcome.folder
        print(LoadTable.render(outcome.report))
        print("Report: \(folder)/load.json, \(folder)/load.html")
        if !outcome.isComplete {
            throw CommandFailure.incomplete("stopped before its planned end; the report holds what was measured until then")
        }
        if let shard { notes.say("Shard \(shard) has run its share. Once every shard has, `salvo merge \(outcome.output)` adds them up.") }
        try Self.check(outcome.report)
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
}

extension BuiltInBot: ExpressibleByArgument {}
