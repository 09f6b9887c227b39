import ArgumentParser
import BattleshipClient
import BattleshipServer
import Bots
import CurlHTTP
import Foundation
import Logging
import Reports
import Tournament

/// `salvo run FILE`: the main job, a whole tournament through the REST API.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a tournament described by a tournament file.",
        discussion: """
            Plays every scheduled game through the Battleship REST API, on the embedded server \
            (started on 127.0.0.1, its database in the output folder) or on `server:`. Every \
            game is journaled as it ends; run the same command again to continue an interrupted \
            run. Ctrl-C once finishes the games in flight and stops; twice stops at once.
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

    func validate() throws {
        if let games, games < 1 { throw ValidationError("Please give --games a whole number of at least 1.") }
        if let concurrency, concurrency < 1 { throw ValidationError("Please give --concurrency a whole number of at least 1.") }
        if let pollInterval, pollInterval < 1 { throw ValidationError("Please give --poll-interval in milliseconds, at least 1.") }
    }

    func run() async throws {
        let openFiles = OpenFileLimit.raiseToHardLimit()
        var config: TournamentConfig
        do {
            config = try TournamentFileParser(builtinNames: Set(BuiltInBot.allCases.map(\.rawValue))).parse(fileAt: file)
        } catch {
            throw CLIError(error.description)
        }
        if let server { config.server = server == "embedded" ? .embedded : .url(server) }
        if let output { config.outputDirectory = output }
        if let games { config.gamesPerPairing = games }
        if let concurrency { config.concurrency = concurrency }
        if let seed { config.seed = seed }
        if let pollInterval { config.pollIntervalMilliseconds = pollInterval }
        if purePolling { config.wakeLocalOpponent = false }
        if let openFiles {
            let external = config.bots.filter { if case .external = $0.kind { true } else { false } }.count
            let perGame = OpenFileLimit.filesPerGame(embeddedServer: config.server == .embedded, externalBots: min(external, 2))
            let fit = OpenFileLimit.gamesThatFit(limit: openFiles, filesPerGame: perGame)
            if config.concurrency > fit {
                FileHandle.standardError.write(Data("salvo: \(config.concurrency) games in flight need about \(config.concurrency * perGame) open files, but this process may open \(openFiles) (ulimit -n); playing \(fit) at a time instead. Raise the hard limit to run more.\n".utf8))
                config.concurrency = fit
            }
        }

        let outputDirectory = config.outputDirectory
        do {
            try FileManager.default.createDirectory(atPath: outputDirectory + "/logs", withIntermediateDirectories: true)
        } catch {
            throw CLIError("Cannot create the output folder \(outputDirectory): \(error.localizedDescription)")
        }
        let serverLogger = ServerLogHandler.logger(level: .warning)
        var embedded: RunningServer?
        let serverURL: String
        switch config.server {
        case .embedded:
            do {
                let running = try await SalvoServer.start(ServerConfiguration(host: "127.0.0.1", port: 0, databasePath: outputDirectory + "/server.sqlite", writeBehind: true), logger: serverLogger)
                embedded = running
                serverURL = running.baseURL
            } catch {
                throw CLIError("Could not start the embedded server: \(error)")
            }
        case .url(let url):
            serverURL = url
        }

        // Each game in flight has about one request out at a time: keep that many connections
        // open, or every request beyond the cache's size pays a connect and a close.
        let http = CurlHTTPClient(configuration: .init(maxIdleConnections: max(64, config.concurrency)))
        let isEmbedded = embedded != nil
        let client = BattleshipAPIClient(
            baseURL: serverURL, http: http, rateLimiter: RateLimiter(requestsPerSecond: config.rateLimit),
            configuration: .init(reuseConnectionsForWrites: isEmbedded)
        )
        let stop = StopRequest()
        let signals = InterruptHandler(stop: stop)
        let journal: Journal
        do {
            journal = try Journal(path: outputDirectory + "/journal.jsonl")
        } catch {
            throw CLIError("\(error)")
        }
        let display = ProgressDisplay(botNames: config.bots.map(\.name))
        if config.sprt != nil {
            print("Tournament \(config.name): an SPRT match of \(config.bots[0].name) against \(config.bots[1].name), up to \(config.gamesPerPairing) games, on \(serverURL)")
        } else {
            print("Tournament \(config.name): \(config.bots.count) bots, \(config.format.rawValue), \(config.gamesPerPairing) games per pairing, on \(serverURL)")
        }
        let records: [GameRecord]
        do {
            // A quick check that the server answers, so a wrong URL fails in one line.
            _ = try await client.listGames()
            records = try await TournamentRunner(config: config, serverURL: serverURL, client: client, journal: journal, stop: stop, logDirectory: outputDirectory + "/logs", executor: http.taskExecutor)
                .run { event in display.handle(event) }
        } catch let error as BattleshipClientError {
            await http.shutdown()
            await embedded?.stop()
            throw CLIError("\(error.description); check `server:` or --server")
        } catch {
            await http.shutdown()
            await embedded?.stop()
            throw CLIError("\(error)")
        }
        signals.cancel()
        await http.shutdown()
        await embedded?.stop()
        display.finish()
        let botNames = config.bots.map(\.name)
        print(SummaryTable.render(Standings.compute(records: records, bots: botNames), ratings: TournamentRatings(records: records, bots: botNames)))
        let total = Schedule.games(for: config).count
        if let sprt = config.sprt {
            let tally = sprt.tally(records: records, first: botNames[0], second: botNames[1])
            print("SPRT of \(botNames[0]) against \(botNames[1]), H0: elo \(sprt.elo0), H1: elo \(sprt.elo1), alpha \(sprt.alpha), beta \(sprt.beta): \(SummaryTable.sprtSentence(tally)).")
        }
        print("\(records.count) of \(total) games rated. Journal: \(outputDirectory)/journal.jsonl")
        if stop.isRequested && records.count < total {
            print("Stopped early: run the same command again to continue.")
        }
        do {
            let written = try ReportWriter.write(directory: outputDirectory)
            print("Report: \(written.index) (results: \(written.results))")
        } catch {
            throw CLIError(error.description)
        }
    }
}
