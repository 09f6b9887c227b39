import ArgumentParser
import Conformance
import Foundation
import Orchestrator
import Tournament

/// `salvo check`: the conformance suite, run against any Battleship server, e.g. a
/// student's implementation of the course's API.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check that a Battleship server conforms to the REST API (the way to grade a student's server).",
        discussion: """
            Runs named checks of every endpoint, every error of the API reference, turn order, \
            board contents, sunk lengths, winner semantics and the lobby's statuses, each with \
            games of its own. Prints PASS, WARN or FAIL per check, with the request and response \
            of every failure. WARN marks a deviation the reference server itself shows (its \
            listed bugs) or the spec tolerates. Exit status 0 only when no check failed. \
            See docs/check.md.
            """
    )

    @Option(help: "The server's root URL (without /api), or `embedded` to check Salvo's own server, started in memory.")
    var server: String?

    @Flag(help: "Show the exchange behind every warning, and each check's request count and time.")
    var verbose = false

    @Option(help: "Also write the results to this JSON file.")
    var json: String?

    @Option(name: .customLong("only"), help: "Run only this check, or the checks under this prefix (`guess`, `errors.`); repeatable.")
    var only: [String] = []

    @Option(help: "Seconds each request may take before it counts as unanswered.")
    var timeout: Double = 5

    @Flag(help: "List the checks with their severity and what they verify, and exit.")
    var list = false

    @OptionGroup var console: OutputOptions

    func validate() throws {
        guard list || server != nil else {
            throw CommandFailure.checkWithoutServer
        }
        if let server, ServerChoice(parsing: server) == nil {
            throw CommandFailure.serverChoice
        }
        guard timeout > 0, timeout <= 600 else { throw CommandFailure.checkTimeout }
    }

    func run() async throws {
        if list {
            let width = ConformanceCatalog.all.map(\.id.count).max() ?? 30
            for check in ConformanceCatalog.select(only) {
                print(
                    "\(check.id.padding(toLength: width, withPad: " ", startingAt: 0))  \(check.severity.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0))  \(check.title)"
                )
            }
            return
        }
        let host: ServerHost = try await ServerHost.start(
            ServerChoice(parsing: server ?? "") ?? .embedded, storage: .memory, logLabel: "salvo.check.server", logLevel: .critical)
        let formatter = ReportFormatter(verbose: verbose)
        let requestTimeout = Duration.milliseconds(Int((timeout * 1000).rounded()))
        let report = try await host.serving { host in
            let suite = ConformanceSuite(baseURL: host.baseURL, configuration: .init(requestTimeout: requestTimeout, selectors: only))
            return try await suite.run { [quiet = console.quiet] outcome in
                // With --quiet, only the checks that did not pass.
                if quiet && outcome.verdict == .pass { return }
                // Unbuffered: each check's lines appear as soon as it ends, even through a pipe.
                FileHandle.standardOutput.write(Data(formatter.lines(for: outcome).map { $0 + "\n" }.joined().utf8))
            }
        }
        for line in formatter.summary(report) { print(line) }
        if let json {
            do {
                try report.jsonData().write(to: URL(fileURLWithPath: json))
            } catch {
                throw CommandFailure.cannotWriteCheckReport(path: json, detail: error.localizedDescription)
            }
        }
        if !report.conforms { throw CommandFailure.notConforming }
    }
}
