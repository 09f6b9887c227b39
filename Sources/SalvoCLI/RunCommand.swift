import ArgumentParser
import Bots
import DurationUnits
import Foundation
import Orchestrator
import RunControl
import Sandbox
import Tournament

/// `salvo run FILE`: the main job, a whole tournament through the REST API. The run itself is
/// ``Orchestrator/TournamentRun``; this command reads the arguments and shows what happens.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a tournament described by a tournament file.",
        discussion: """
            Plays every scheduled game through the Battleship REST API, on the embedded server \
            (started on 127.0.0.1, its database in the output folder) or on `server:`. Every \
            game is journaled as it ends; run the same command again to continue an interrupted \
            run. Ctrl-C once finishes the games in flight and stops; twice stops at once. One \
            run at a time owns an output folder: a second one refuses, naming the first's pid.
            """
    )

    @Argument(help: "The tournament file (YAML), e.g. tournaments/demo.yaml.")
    var file: String

    @Option(help: "Play on this server instead of the file's (a URL such as http://127.0.0.1:8080, or `embedded`).")
    var server: String?

    @Option(help: "Write the journal and results here instead of reports/NAME.")
    var output: String?

    @Option(help: "Games per pairing.")
    var games: Int?

    @Option(help: "Games in flight at once.")
    var concurrency: Int?

    @Option(help: "The tournament seed.")
    var seed: UInt64?

    @Option(name: .customLong("poll-interval"), help: "Milliseconds between two /status polls of a waiting player.")
    var pollInterval: Int?

    @Flag(help: "Poll at the interval only, even when both players are local (what a remote opponent sees).")
    var purePolling = false

    @Flag(help: "Run external bots as plain children of salvo, without the bubblewrap sandbox (trusted bots only).")
    var noSandbox = false

    @Option(help: "Also write a JSON summary of the run here (complete or not, the exit status, counts, the journal's and the report's paths, the standings with Elo), for scripts.")
    var summary: String?

    @OptionGroup(title: "Live standings")
    var liveOptions: LiveOptions

    @Option(help: "Play one part of the schedule, into OUTPUT/shards/I/: I/N (the I-th of N, from 0), or auto to read it from a Slurm array task or a Kubernetes Indexed Job. `salvo merge OUTPUT` joins the parts (docs/cluster.md).")
    var shard: String?

    func validate() throws {
        if let games, games < 1 { throw ValidationError("Please give --games a whole number of at least 1.") }
        if let concurrency, concurrency < 1 { throw ValidationError("Please give --concurrency a whole number of at least 1.") }
        if let pollInterval, pollInterval < 1 { throw ValidationError("Please give --poll-interval in milliseconds, at least 1.") }
        if let server, ServerChoice(parsing: server) == nil { throw ValidationError("Please give --server as \(ServerChoice.expected).") }
        if let shard, shard != "auto" {
            do {
                _ = try Shard(parsing: shard)
            } catch {
                throw ValidationError(error.description)
            }
        }
    }

    /// The shard asked for: parsed, or read from the cluster engine's environment.
    static func shard(_ text: String) throws(ShardError) -> Shard {
        text == "auto" ? try Shard.fromEnvironment(ProcessInfo.processInfo.environment) : try Shard(parsing: text)
    }

    func run() async throws {
        var config: TournamentConfig
        do {
            let reading = ContinuousClock.now
            let read = try TournamentFileParser(outputDirectory: output, sandboxDisabled: noSandbox).read(fileAt: file)
            config = read.config
            if let submissions = read.submissions {
                print(SubmissionsPrintout.lines(submissions, seconds: (ContinuousClock.now - reading).seconds).joined(separator: "\n"))
            }
        } catch {
            throw CLIError(error.description)
        }
        if let server, let choice = ServerChoice(parsing: server) { config.server = choice }
        if let output { config.outputDirectory = output }
        if let games { config.gamesPerPairing = games }
        if let concurrency { config.concurrency = concurrency }
        if let seed { config.seed = seed }
        if let pollInterval { config.pollInterval = .milliseconds(pollInterval) }
        if purePolling { config.wakeLocalOpponent = false }
        if noSandbox { config.disableSandbox() }
        if let shard {
            do {
                config.shard = try Self.shard(shard)
            } catch {
                throw CLIError(error.description)
            }
        }

        let external = config.bots.compactMap { bot -> ExternalBotSpec? in
            if case .external(let spec) = bot.kind { spec } else { nil }
        }
        CLISandbox.warnUnsandboxed(external)
        if external.contains(where: \.sandbox.isEnabled), let warning = SandboxLauncher().fallbackWarning {
            FileHandle.standardError.write(Data((warning + "\n").utf8))
        }
        let stop = StopSignal()
        let signals = InterruptHandler(stop: stop, message: "Finishing the games in flight")
        defer { signals.cancel() }
        let display = ProgressDisplay(botNames: config.bots.map(\.name))
        let planned = config
        let live = try await LiveSession.start(liveOptions, config: planned, stop: stop)
        let summary: RunSummary
        do {
            summary = try await TournamentRun(configuration: planned).run(stop: stop) { event in
                live?.record(event)
                switch event {
                case .concurrencyLimited(let requested, let allowed, let perGame, let openFiles):
                    FileHandle.standardError.write(Data("salvo: \(requested) games in flight need about \(requested * perGame) open files, but this process may open \(openFiles) (ulimit -n); playing \(allowed) at a time instead. Raise the hard limit to run more.\n".utf8))
                case .playing(let url, _):
                    print(Self.header(planned, serverURL: url))
                case .progress(let progress):
                    display.handle(progress)
                }
            }
        } catch {
            await live?.stop()
            throw CLIError(String(describing: error))
        }
        display.finish()
        let botNames = config.bots.map(\.name)
        let records = summary.records
        let standings = Standings.compute(records: records, bots: botNames)
        let ratings = TournamentRatings(records: records, bots: botNames)
        print(SummaryTable.render(standings, ratings: ratings))
        if let swiss = summary.swiss { print(SwissSummary.render(swiss, botNames: botNames)) }
        if let sprt = config.sprt {
            let tally = sprt.tally(records: records, first: botNames[0], second: botNames[1])
            print("SPRT of \(botNames[0]) against \(botNames[1]), H0: elo \(sprt.elo0), H1: elo \(sprt.elo1), alpha \(sprt.alpha), beta \(sprt.beta): \(SummaryTable.sprtSentence(tally)).")
        }
        print("\(records.count) of \(summary.scheduledGames) games rated. Journal: \(summary.journalPath)")
        if display.seatsTaken > 0 {
            print("\(display.seatsTaken) time\(display.seatsTaken == 1 ? "" : "s") another client of the server joined a game before its second player could: its lobby is public, and that server offers no unlisted games (docs/server.md). Those attempts were not rated.")
        }
        if summary.stoppedEarly {
            print("Stopped early: run the same command again to continue.")
        } else if !summary.isComplete {
            print("\(summary.missingGames) game\(summary.missingGames == 1 ? "" : "s") had no result after \(TournamentRunner.maximumAttempts) attempts each (the journal keeps each attempt's reason): run the same command again to play \(summary.missingGames == 1 ? "it" : "them").")
        } else if let shard = config.shard {
            print("Shard \(shard) has played its games. Once every shard has, `salvo merge \(config.outputDirectory)` writes the tournament's reports.")
        }
        if let written = summary.reports {
            print("Report: \(written.index) (results: \(written.results))")
        }
        if let live {
            signals.setMessage("Stopping the live standings")
            await live.finish(stoppedEarly: summary.stoppedEarly)
        }
        if let path = self.summary {
            do {
                try RunSummaryFile(summary, seatsTaken: display.seatsTaken, standings: standings, ratings: ratings).write(to: path)
            } catch {
                throw CLIError("Cannot write the summary to \(path): \(error.localizedDescription)")
            }
        }
        if !summary.isComplete {
            throw ExitStatus.incomplete("\(summary.missingGames) of \(summary.scheduledGames) games have no result\(config.shard.map { " in shard \($0)" } ?? "")")
        }
    }

    /// The line printed once the server answers.
    static func header(_ config: TournamentConfig, serverURL: String) -> String {
        if let shard = config.shard {
            return "Tournament \(config.name), shard \(shard): \(Schedule.playedGames(for: config).count) of its \(Schedule.games(for: config).count) games, \(config.bots.count) bots, \(config.format.rawValue), on \(serverURL)"
        }
        if config.sprt != nil {
            return "Tournament \(config.name): an SPRT match of \(config.bots[0].name) against \(config.bots[1].name), up to \(config.gamesPerPairing) games, on \(serverURL)"
        }
        if let rounds = config.rounds {
            return "Tournament \(config.name): \(config.bots.count) bots, swiss, \(rounds) rounds, \(config.gamesPerPairing) games per pairing, on \(serverURL)"
        }
        return "Tournament \(config.name): \(config.bots.count) bots, \(config.format.rawValue), \(config.gamesPerPairing) games per pairing, on \(serverURL)"
    }
}
