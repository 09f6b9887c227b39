import Bots
import Foundation
import MutantServer
import SalvoTestSupport
import Testing

@testable import Tournament

/// `rate_limit` against a `server:` URL, checked from the server's own record of when each
/// request arrived, not from how long the run took.
@Suite("Rate limit", .serialized, .timeLimit(.minutes(3)))
struct RateLimitTests {
    @Test("a tournament with rate_limit 40 never sends the server more than 40 requests in any second of its clock (plus the burst)")
    func rateIsHeld() async throws {
        try await withRunning(MutantServer.start(fault: .none)) { server in
            let bots = ["density", "parity"].map { BotEntry(name: $0, kind: .builtin(BuiltInBot(rawValue: $0)!)) }
            let rate = 40
            let config = TournamentConfig(
                name: "paced", bots: bots, gamesPerPairing: 2, concurrency: 2, pollInterval: .milliseconds(20), rateLimit: Double(rate),
                server: .url(server.baseURL), seed: 12, outputDirectory: RunnerTests.temporaryDirectory()
            )
            let (records, _) = try await RunnerTests.run(config)
            #expect(records.count == 2 && records.allSatisfy { $0.termination == .win })
            let arrivals = server.log.all.map(\.instant)
            // Enough requests that an unpaced run (hundreds a second) would break the bound many times over.
            #expect(arrivals.count > 3 * rate, "\(arrivals.count) requests")
            // Every window of one second that starts at a request: the limiter's 40 tokens, its one
            // token of burst, and slack for requests the network delivered closer together than
            // they were sent.
            let slack = 4
            var busiest = 0
            var end = 0
            for start in arrivals.indices {
                while end < arrivals.count, arrivals[end] < arrivals[start] + .seconds(1) { end += 1 }
                busiest = max(busiest, end - start)
            }
            #expect(busiest <= rate + 1 + slack, "\(busiest) requests within one second")
        }
    }
}
