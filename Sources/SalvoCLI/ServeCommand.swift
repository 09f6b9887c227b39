import ArgumentParser
import BattleshipServer
import Foundation
import Logging
import Orchestrator

/// `salvo serve`: the wire-compatible Battleship server, for a class or for other runners.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the Battleship server.",
        discussion: """
            Speaks the course's Battleship REST API under /api, with the reference server's \
            error texts and without its bugs, and serves Prometheus metrics at /metrics \
            (requests by route and status, their durations). Games are kept in a SQLite file: every answered \
            request is saved before the answer goes out.
            """
    )

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 8080

    @Option(help: "The SQLite file that keeps the games.")
    var db = "salvo.sqlite"

    @Flag(help: "Keep games in memory only; they are gone when the server stops.")
    var inMemory = false

    @Flag(help: "Wait for an fsync on every write, so acknowledged moves survive a power cut too.")
    var fsync = false

    @Option(help: "The log level: trace, debug, info, notice, warning, error or critical.")
    var logLevel: Logger.Level = .info

    @Option(help: "Append one JSON line per request to this file (time, method, path, status, ms); - for stderr.")
    var accessLog: String?

    func validate() throws {
        guard (0...65_535).contains(port) else {
            throw CommandFailure.servePort
        }
    }

    func run() async throws {
        OpenFileLimit.raiseToHardLimit()
        let logger = ServerLogHandler.logger(level: logLevel)
        var configuration = ServerConfiguration(host: host, port: port, databasePath: inMemory ? nil : db, fsyncEveryCommit: fsync)
        configuration.metrics = ServerMetrics.bootstrap()
        if let accessLog {
            guard let log = AccessLog(path: accessLog) else { throw CommandFailure.cannotOpenAccessLog(accessLog) }
            configuration.accessLog = log
        }
        let storage = inMemory ? "in memory" : "database \(db)"
        do {
            try await SalvoServer.run(configuration, logger: logger) { [host] boundPort in
                // Unbuffered, so a parent process reading the pipe sees the URL at once.
                FileHandle.standardOutput.write(Data("Salvo server listening on http://\(host):\(boundPort) (\(storage))\n".utf8))
            }
        } catch {
            throw CommandFailure.cannotListen(host: host, port: port, detail: ListenFailure.explain(error, host: host, port: port) ?? "\(error)")
        }
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
