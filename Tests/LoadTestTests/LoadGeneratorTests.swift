import BattleshipAPI
import BattleshipServer
import CurlHTTP
import Foundation
import JSONCoding
import Logging
import MutantServer
import SalvoTestSupport
import Testing

@testable import LoadTest

/// The embedded server the generator loads, stopped with ``withRunning(_:isolation:_:)``.
extension RunningServer: Stoppable {}

/// The load generator in-process against a real embedded server on loopback.
@Suite("Load generator", .serialized, .timeLimit(.minutes(2)))
struct LoadGeneratorTests {
    static func quietServer() async throws -> RunningServer {
        var logger = Logger(label: "salvo.load-test")
        logger.logLevel = .critical
        return try await SalvoServer.start(ServerConfiguration(host: "127.0.0.1", port: 0, databasePath: nil), logger: logger)
    }

    @Test("--games 12: every game finishes, and the requests add up exactly to the games' script")
    func gamesAddUp() async throws {
        let (result, games) = try await withRunning(Self.quietServer()) { server in
            try await CurlHTTPClient.withClients(2) { clients in
                let settings = LoadSettings(
                    serverURL: server.baseURL, stop: .games(12), concurrency: 4, bot: .random, seed: 9, requestTimeout: .seconds(30), listEvery: 5
                )
                let generator = LoadGenerator(settings: settings, clients: clients)
                try await generator.checkReachable()
                let result = try await generator.run()
                let listed = try await clients[0].execute(HTTPRequest(url: server.baseURL + "/api/games"), timeout: .seconds(5))
                let games = try [GameSummary](jsonBytes: listed.body)
                return (result, games)
            }
        }

        let statistics = result.statistics
        #expect(statistics.gamesStarted == 12 && statistics.gamesFinished == 12)
        #expect(statistics.gamesAbandoned == 0 && statistics.gamesFailed == 0 && statistics.inconsistentGames == 0)
        #expect(statistics.totalErrors == 0)
        func requests(_ endpoint: Endpoint) -> Int { statistics.endpoints[endpoint]?.requests ?? 0 }
        #expect(requests(.create) == 12 && requests(.join) == 12 && requests(.detail) == 12)
        #expect(requests(.board) == 24)
        // Games 0, 5 and 10 look at the lobby.
        #expect(requests(.list) == 3)
        // One poll before each guess, one that sees the winner, one for the other player.
        #expect(requests(.status) == requests(.guess) + 2 * 12)
        #expect(statistics.totalRequests == Endpoint.allCases.map(requests).reduce(0, +))
        // Each winner hit all 17 ship cells, so fired at least 17 times.
        #expect(statistics.winnerHits == 17 * 12)
        #expect((statistics.fewestWinnerGuesses ?? 0) >= 17)
        #expect(requests(.guess) >= statistics.winnerGuesses)
        // The server agrees: 12 games, all over.
        #expect(games.count == 12 && games.allSatisfy { $0.status == .done })
        for endpoint in Endpoint.allCases {
            let figures = try #require(statistics.endpoints[endpoint])
            #expect(figures.latency.count == UInt64(figures.requests))
            // Closed loop: latency is the service time.
            #expect(figures.latency == figures.serviceTime)
        }
    }

    @Test(
        "a winner named by player id, not by name: every finished game is counted inconsistent (and none on a faithful server)",
        arguments: [
            (MutantFault.none, 0), (MutantFault.winnerIsPlayerId, 3),
        ])
    func inconsistentGamesAreCounted(fault: MutantFault, inconsistent: Int) async throws {
        let result = try await withRunning(MutantServer.start(fault: fault)) { server in
            try await CurlHTTPClient.withClient { http in
                let settings = LoadSettings(
                    serverURL: server.baseURL, stop: .games(3), concurrency: 3, bot: .random, seed: 4, requestTimeout: .seconds(30), listEvery: 0
                )
                return try await LoadGenerator(settings: settings, clients: [http]).run()
            }
        }
        let statistics = result.statistics
        #expect(statistics.gamesStarted == 3 && statistics.gamesFinished == 3 && statistics.gamesFailed == 0)
        #expect(statistics.inconsistentGames == inconsistent)
        #expect(statistics.totalErrors == 0)
    }

    @Test("--duration with --rate: the run stops by itself and sends no more than the timetable allows")
    func durationWithRate() async throws {
        let result = try await withRunning(Self.quietServer()) { server in
            try await CurlHTTPClient.withClient { http in
                let settings = LoadSettings(
                    serverURL: server.baseURL, stop: .duration(.milliseconds(1_500)), concurrency: 4, requestsPerSecond: 200, bot: .huntTarget,
                    requestTimeout: .seconds(30)
                )
                return try await LoadGenerator(settings: settings, http: http).run()
            }
        }
        let statistics = result.statistics
        // Requests due at 0, 5 ms, …, 1,495 ms: 300 in all, at most.
        #expect(statistics.totalRequests <= 300)
        #expect(statistics.totalRequests > 0)
        #expect(statistics.totalErrors == 0)
        #expect(statistics.gamesStarted == statistics.gamesFinished + statistics.gamesAbandoned)
        #expect(statistics.gamesAbandoned <= 4)
    }

    @Test(
        "a server stopped mid-run: the seconds after it have requests and errors but no p50 or p99 (absent from load.json, not 0), and load.html's latency lines break there"
    )
    func serverStoppedMidRun() async throws {
        let result = try await withRunning(Self.quietServer()) { server in
            try await CurlHTTPClient.withClient { http in
                let settings = LoadSettings(
                    serverURL: server.baseURL, stop: .duration(.seconds(4)), concurrency: 2, bot: .random, seed: 3, requestTimeout: .seconds(2),
                    listEvery: 0
                )
                let generator = LoadGenerator(settings: settings, clients: [http])
                try await generator.checkReachable()
                async let run = generator.run()
                // Stopped once it has answered some requests; what it does not answer after fails.
                while generator.recorder.snapshot.requests < 20 { try await Task.sleep(for: .milliseconds(5)) }
                await server.stop()
                return try await run
            }
        }
        var report = LoadReport(result, embeddedServer: true)
        report.grade(try LoadRequirement.parseList("p99<10s,errors=0"))
        let timeline = try #require(report.timeline)
        // The second of the first reply has successes; after the stop, every request fails.
        #expect(timeline.first.map { $0.requests > $0.errors && $0.p50 != nil && $0.p99 != nil } == true, "\(timeline)")
        let dead = timeline.filter { $0.requests > 0 && $0.errors == $0.requests }
        #expect(!dead.isEmpty, "no second of only failures in \(timeline)")
        #expect(dead.allSatisfy { $0.p50 == nil && $0.p99 == nil })
        #expect(timeline.allSatisfy { ($0.p50 == nil) == ($0.requests == $0.errors) }, "a latency exactly where a request succeeded: \(timeline)")

        // load.json: those seconds have no p50 or p99 at all, and the file holds to its schema.
        let json = try #require(try JSONSerialization.jsonObject(with: report.json()) as? [String: Any])
        let seconds = try #require(json["timeline"] as? [[String: Any]])
        for point in seconds {
            let second = try #require(point["second"] as? Int)
            let failedAll = point["requests"] as? Int == point["errors"] as? Int
            #expect((point["p50"] == nil) == failedAll && (point["p99"] == nil) == failedAll, "second \(second): \(point)")
            if let p50 = point["p50"] as? Double { #expect(p50 > 0) }
        }
        // The whole run's latency is still of the successful requests, and the verdicts say the
        // errors broke errors=0.
        #expect(report.total.errorCount.map { $0 > 0 } == true && report.requirements?.verdict == .broken)
        #expect(report.requirements?.checks.map(\.verdict) == [.met, .broken])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-dead-server-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try report.json().write(to: URL(fileURLWithPath: folder + "/load.json"))
        let schemaErrors = try await ProjectPython.schemaErrors(schema: ProjectPython.schema("load.schema.json"), documents: [folder + "/load.json"])
        #expect(schemaErrors.isEmpty, "\(schemaErrors)")

        // load.html: the p50 and p99 lines cover exactly the seconds with a success.
        let html = LoadReportHTML.render(report)
        let chartStart = try #require(html.range(of: "id=\"timeline-latency\"")).lowerBound
        let latencyChart = String(html[chartStart...])
        for series in ["p50", "p99"] {
            var covered: [Int] = []
            for match in latencyChart.matches(of: /<polyline data-series="(\w+)" data-first="(\d+)" data-last="(\d+)"/) where match.1 == series {
                covered += Array(Int(match.2)!...Int(match.3)!)
            }
            #expect(covered == timeline.filter { $0.p50 != nil }.map(\.second), "\(series)")
        }
        #expect(html.contains("id=\"requirements\" data-verdict=\"broken\""))
    }

    @Test("single-endpoint mode, closed and open loop: exactly the requests asked for, all answered, setup not counted")
    func singleEndpoint() async throws {
        try await withRunning(Self.quietServer()) { server in
            // Two event-loop threads, as with --threads 2: the request count is shared.
            try await CurlHTTPClient.withClients(2) { clients in
                for (endpoint, rate) in [(Endpoint.status, nil), (.detail, nil), (.board, 2_000.0)] as [(Endpoint, Double?)] {
                    let settings = LoadSettings(
                        serverURL: server.baseURL, stop: .games(150), concurrency: 5, requestsPerSecond: rate, endpoint: endpoint,
                        requestTimeout: .seconds(30)
                    )
                    let statistics = try await LoadGenerator(settings: settings, clients: clients).run().statistics
                    #expect(statistics.endpoints.keys.sorted() == [endpoint], "\(endpoint)")
                    #expect(statistics.endpoints[endpoint]?.requests == 150, "\(endpoint)")
                    #expect(statistics.totalErrors == 0 && statistics.gamesStarted == 0, "\(endpoint)")
                }
            }
        }
    }

    @Test("an unreachable server is refused before the run, in one sentence")
    func unreachable() async throws {
        await CurlHTTPClient.withClient { http in
            let generator = LoadGenerator(settings: LoadSettings(serverURL: "http://127.0.0.1:1"), http: http)
            await #expect(throws: LoadRunError.self) { try await generator.checkReachable() }
            do throws(LoadRunError) {
                try await generator.checkReachable()
            } catch {
                #expect(error.description.hasPrefix("The server at http://127.0.0.1:1 is unreachable"))
                #expect(error.description.hasSuffix("check --server."))
            }
        }
    }
}
