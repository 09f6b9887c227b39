import ArgumentParser
import Bots
import DurationUnits
import Foundation
import Orchestrator
import RunControl
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

    @Flag(help: "Play each seat as an independent player polling at the interval, not both seats in one task (what a remote opponent sees).")
    var purePolling = false

    @Flag(help: "Run external bots as plain children of salvo, without the bubblewrap sandbox (trusted bots only).")
    var noSandbox = false

    @Option(
        help:
            "Also write a JSON summary of the run here (complete or not, the exit status, counts, the journal's and the report's paths, the standings with Elo), for scripts."
    )
    var summary: String?

    @OptionGroup var console: OutputOptions

    @OptionGroup(title: "Live standings")
    var liveOptions: LiveOptions

    @Option(
        help:
            "Play one part of the schedule, into OUTPUT/shards/I/: I/N (the I-th of N, from 0), or auto to read it from a Slurm array task or a Kubernetes Indexed Job. `salvo merge OUTPUT` joins the parts (docs/cluster.md)."
    )
    var shard: String?

    func validate() throws {
        if let games, games < 1 { throw CommandFailure.atLeastOne("--games") }
        if let concurrency, concurrency < 1 { throw CommandFailure.atLeastOne("--concurrency") }
        if let pollInterval, pollInterval < 1 { throw CommandFailure.pollInterval }
        if let server, ServerChoice(parsing: server) == nil { throw CommandFailure.serverChoice }
        if let shard, shard != "auto" {
            do {
                _ = try Shard(parsing: shard)
            } catch {
                throw CommandFailure.mistake(error)
            }
        }
    }

    /// The shard asked for: parsed, or read from the cluster engine's environment.
    static func shard(_ text: String) throws(ShardError) -> Shard {
        text == "auto" ? try Shard.fromEnvironment(ProcessInfo.processInfo.environment) : try Shard(parsing: text)
    }

    func run() async throws {
        let read: TournamentFile = try TournamentFileParser().read(fileAt: file)
        var overrides = TournamentFileRun.Overrides(
            server: server.flatMap(ServerChoice.init(parsing:)), outputDirectory: output, gamesPerPairing: games, concurrency: concurrency,
            seed: seed,
            pollInterval: pollInterval.map { .milliseconds($0) }, purePolling: purePolling, sandboxDisabled: noSandbox
        )
        if let shard {
            overrides.shard = try Self.shard(shard)
        }
        // The submissions are entered (built) once the output folder is known; a season's
        // shards share one night, which the first of them opens (SeasonShardNight).
        let notes = console.notes
        let shard = overrides.shard
        // Ctrl-C from here on: during the builds, it kills the build in progress and stops.
        let stop = StopSignal()
        let signals = InterruptHandler(stop: stop, message: "Stopping the builds")
        defer { signals.cancel() }
        let config: TournamentConfig
        do {
            config = try await TournamentFileRun(file: read, overrides: overrides).prepare(stop: stop) { step in
                Self.say(step, shard: shard, notes: notes)
            }
        } catch {
            if stop.isRequested {
                throw CommandFailure.incomplete("stopped before the games, while the submissions were built; run the same command again to continue")
            }
            throw error
        }
        signals.setMessage("Finishing the games in flight")
        try await Self.execute(config, live: liveOptions, summaryPath: summary, notes: notes, stop: stop, signals: signals)
    }

    /// What `salvo run` says of a step before the games.
    static func say(_ step: TournamentFileRun.Step, shard: Shard?, notes: Notes) {
        switch step {
        case .waiting(let line):
            notes.say(line)
        case .entered(let entries, let seconds):
            notes.say(SubmissionsPrintout.lines(entries, seconds: seconds).joined(separator: "\n"))
        case .shardNight(_, let changes?):
            notes.say(changes.summary)
            for kept in changes.kept { notes.say("  \(kept.name) keeps its last good version: its new one is not entered (\(kept.reason))") }
        case .shardNight(let number, nil):
            notes.say(
                "Season night \(number) is open (another shard opened it, or it was stopped): shard \(shard.map(\.description) ?? "") plays its part of it"
            )
        }
    }

    /// The line printed once the server answers.
    static func header(_ config: TournamentConfig, serverURL: String) -> String {
        let scheduler = config.scheduler
        if let shard = config.context.shard {
            return
                "Tournament \(config.name), shard \(shard): \(scheduler.plannedGamesInRun) of its \(scheduler.plannedGames) games, \(RunHeadline.text(config)), on \(serverURL)"
        }
        return "Tournament \(config.name): \(RunHeadline.text(config)), on \(serverURL)"
    }
}
