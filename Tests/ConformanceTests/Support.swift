import BattleshipServer
import Conformance
import Foundation
import Logging
import SalvoTestSupport

/// The embedded server, stopped with ``withRunning(_:isolation:_:)`` like the mutant server.
extension RunningServer: Stoppable {}

/// Starts Salvo's embedded server in memory on 127.0.0.1, quietly.
func startEmbeddedServer() async throws -> RunningServer {
    var logger = Logger(label: "conformance-tests")
    logger.logLevel = .critical
    return try await SalvoServer.start(ServerConfiguration(host: "127.0.0.1", port: 0, databasePath: nil), logger: logger)
}

/// A request deadline for tests against servers that answer: generous, because on a busy
/// machine (the whole test suite in parallel on 2 cores) a reply can take seconds, and
/// these tests check what the server answers, not how fast.
let patientTimeout: Duration = .seconds(30)

/// Runs the whole suite against `url`.
func runSuite(_ url: String, _ configuration: ConformanceSuite.Configuration = .init(requestTimeout: patientTimeout)) async throws
    -> ConformanceReport
{
    try await ConformanceSuite(baseURL: url, configuration: configuration).run()
}

/// What a report says, for a test's failure message.
func describe(_ report: ConformanceReport) -> String {
    let formatter = ReportFormatter(verbose: true)
    return report.outcomes.filter { $0.verdict != .pass }.flatMap(formatter.lines(for:)).joined(separator: "\n")
}

/// Runs `salvo ARGUMENTS` to the end on a thread of its own; returns status, stdout, stderr.
func runSalvo(_ arguments: [String], timeout: Duration = .seconds(120)) async throws -> (status: Int32, out: String, err: String) {
    let output = try await SalvoExecutable.run(arguments, timeout: timeout)
    return (output.status, output.out, output.err)
}
