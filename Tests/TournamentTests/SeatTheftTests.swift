import BattleshipAPI
import BattleshipServer
import Bots
import Foundation
import Logging
import Orchestrator
import SalvoTestSupport
import Testing

@testable import Tournament

/// A tournament on a shared server where another client joins every game before the run's
/// second player can (``SeatStealingProxy``: issue 29's lobby-watching script at its best). On
/// Salvo's server the run's games are unlisted and need a token the thief never sees; on a
/// server without the extension each stolen seat is a no-result named as such, and a game
/// stolen three times leaves the run incomplete.
@Suite("Seats stolen on a shared server", .serialized, .timeLimit(.minutes(5)))
struct SeatTheftTests {
    static func play(offersExtensions: Bool) async throws -> (summary: RunSummary, journal: [JournalEntry], taken: Int) {
        var logger = Logger(label: "theft")
        logger.logLevel = .critical
        let (summary, taken) = try await withRunning(
            SalvoServer.start(ServerConfiguration(port: 0, databasePath: nil, offersExtensions: offersExtensions), logger: logger)
        ) { server in
            let proxy = try SeatStealingProxy(server: server.port)
            defer { proxy.stop() }
            let config = TournamentConfig(
                name: "shared", bots: [BotEntry(name: "density", kind: .builtin(.density)), BotEntry(name: "parity", kind: .builtin(.parity))],
                gamesPerPairing: 2, concurrency: 2, server: .url(proxy.baseURL), seed: 3, outputDirectory: RunnerTests.temporaryDirectory()
            )
            let options = TournamentRun.Options(requestTimeout: .seconds(30), writeReports: false, serverLogLevel: .critical)
            let summary = try await TournamentRun(configuration: config, options: options).run()
            return (summary, proxy.seatsTaken)
        }
        return (summary, try Journal.read(path: summary.journalPath), taken)
    }

    @Test("on Salvo's server the run's games are unlisted and need their token: the thief takes no seat, and every game is rated")
    func unlistedGames() async throws {
        let (summary, _, taken) = try await Self.play(offersExtensions: true)
        #expect(taken == 0)
        #expect(summary.isComplete && summary.records.count == 2)
    }

    @Test(
        "on a server without the extension, every stolen seat is a no-result named as such, and games stolen at every attempt leave the run incomplete"
    )
    func stolenSeatsNamed() async throws {
        let (summary, journal, taken) = try await Self.play(offersExtensions: false)
        let noResults = journal.compactMap { entry -> GameRecord? in
            if case .finished(let record) = entry, record.termination == .noResult { record } else { nil }
        }
        #expect(taken == 2 * TournamentRunner.maximumAttempts, "each of 2 games, at each attempt")
        #expect(noResults.count == taken)
        #expect(
            noResults.allSatisfy {
                $0.reason?.hasPrefix(TournamentRunner.seatTakenReason + ": the game was joined before its second player could") == true
            }, "\(noResults.map(\.reason))")
        #expect(!summary.isComplete && summary.missingGames == 2)
    }
}
