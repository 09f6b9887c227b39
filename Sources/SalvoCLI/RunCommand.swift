import ArgumentParser
import Bots
import DurationUnits
import Foundation
import Orchestrator
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

    @Option(help: "Also write a JSON summary of the run here (complete or not, the exit status, counts, the journal's and the report's paths, the standings with Elo), for scripts.")
    var summary: String?

    @OptionGroup var console: OutputOptions

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
        let read: TournamentFile
        do {
            read = try TournamentFileParser().read(fileAt: file)
        } catch {
            throw CLIError(error.description)
        }
        var config = read.config
        if let server, let choice = ServerChoice(parsing: server) { config.server = choice }
        if let output { config.outputDirectory = output }
        if let games { config.gamesPerPairing = games }
        if let concurrency { config.concurrency = concurrency }
        if let seed { config.seed = seed }
        if let pollInterval { config.pollInterval = .milliseconds(pollInterval) }
        if purePolling { config.wakeLocalOpponent = false }
        if let shard {
            do {
                config.shard = try Self.shard(shard)
            } catch {
                throw CLIError(error.description)
            }
        }
        // The submissions are entered (built) once the output folder is known; a season's
        // shards share one night, which the first of them opens (SeasonShardNight).
        if let botsFrom = read.botsFrom {
            let entering = ContinuousClock.now
            if config.shard != nil, config.scheduler.playsAsSeason {
                config = try await Self.openSeasonNight(config, botsFrom: botsFrom, noSandbox: noSandbox, notes: console.notes)
            } else {
                // Shards enter one at a time, so that they never build into one folder at once
                // (the first builds; the others find its builds in the cache).
                let lock = config.shard == nil ? nil : try await Self.claimForEntering(config.outputDirectory, notes: console.notes)
                defer { lock?.release() }
                do {
                    let entered = try SubmissionEntry.enter(botsFrom, into: config, sandboxDisabled: noSandbox)
                    config = entered.config
                    console.notes.say(SubmissionsPrintout.lines(entered.entries, seconds: (ContinuousClock.now - entering).seconds).joined(separator: "\n"))
                } catch {
                    throw CLIError(error.description)
                }
            }
        }
        if noSandbox { config.disableSandbox() }

        try await Self.execute(config, live: liveOptions, summaryPath: summary, notes: console.notes)
    }

    /// The output folder, claimed for entering the submissions, waiting while another shard holds it.
    static func claimForEntering(_ output: String, notes: Notes) async throws -> FolderLock {
        do {
            return try await FolderLock.acquire(output, waitingUpTo: FolderLock.shardWait) { pid in
                notes.say("Waiting for \(output), held by \(pid.map { "pid \($0)" } ?? "another salvo process") (another shard entering the submissions, or a merge)")
            }
        } catch {
            throw CLIError(error.description)
        }
    }

    /// A season's shard: the night its shards share, opened by this one (which then enters the
    /// submissions and says what changed) or found open.
    static func openSeasonNight(_ config: TournamentConfig, botsFrom: BotsFrom, noSandbox: Bool, notes: Notes) async throws -> TournamentConfig {
        if let obstacle = config.scheduler.shardingObstacle {
            throw CLIError("This tournament cannot be sharded: \(obstacle); run it without --shard")
        }
        let entering = ContinuousClock.now
        let opened: SeasonShardNight.Opened
        do {
            opened = try await SeasonShardNight.open(config, botsFrom: botsFrom, sandboxDisabled: noSandbox) { notes.say($0) }
        } catch {
            throw CLIError(error.description)
        }
        if let entries = opened.entries {
            notes.say(SubmissionsPrintout.lines(entries, seconds: (ContinuousClock.now - entering).seconds).joined(separator: "\n"))
        }
        let night = opened.config.seasonNight?.number ?? 0
        if let changes = opened.changes {
            notes.say(changes.summary)
            for kept in changes.kept { notes.say("  \(kept.name) keeps its last good version: its new one is not entered (\(kept.reason))") }
        } else {
            notes.say("Season night \(night) is open (another shard opened it, or it was stopped): shard \(config.shard.map(\.description) ?? "") plays its part of it")
        }
        return opened.config
    }

    /// The line printed once the server answers.
    static func header(_ config: TournamentConfig, serverURL: String) -> String {
        let scheduler = config.scheduler
        if let shard = config.shard {
            return "Tournament \(config.name), shard \(shard): \(scheduler.plannedGamesInRun) of its \(scheduler.plannedGames) games, \(scheduler.headline), on \(serverURL)"
        }
        return "Tournament \(config.name): \(scheduler.headline), on \(serverURL)"
    }
}
