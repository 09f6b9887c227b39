import BattleshipClient
import BattleshipRules
import CurlHTTP
import LoopbackTestServer
import Synchronization

/// A retry policy fast enough for tests: 3 attempts, 10 ms doubling to 40 ms.
// A long budget: the attempts, not the clock, end these retries, even on a machine loaded enough
// to hold a retry back for seconds (the budget has tests of its own).
let fastRetries = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10), maxDelay: .milliseconds(40), totalBudget: .seconds(60))

let gameId = "3f2b8c1e-8d4a-4b7e-9c1f-0a1b2c3d4e5f"
let playerId = "7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d"
let guessPath = "/api/games/\(gameId)/guess"
let boardPath = "/api/games/\(gameId)/board"
let statusPath = "/api/games/\(gameId)/status"

/// Runs `body` with a client of `server` and shuts its HTTP client down afterwards.
func withClient<Result>(
    _ server: LoopbackServer,
    requestTimeout: Duration = .seconds(5),
    retryPolicy: RetryPolicy = fastRetries,
    rateLimiter: RateLimiter = RateLimiter(),
    _ body: (BattleshipAPIClient) async throws -> Result
) async throws -> Result {
    let http = CurlHTTPClient()
    let client = BattleshipAPIClient(
        baseURL: server.baseURL + "/",
        http: http,
        rateLimiter: rateLimiter,
        configuration: .init(requestTimeout: requestTimeout, retryPolicy: retryPolicy, jitterSeed: 1)
    )
    do {
        let result = try await body(client)
        await http.shutdown()
        return result
    } catch {
        await http.shutdown()
        throw error
    }
}

/// Polls `condition` every millisecond for at most `limit`; whether it became true.
func eventually(within limit: Duration = .seconds(10), _ condition: () async -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + limit
    while await !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try await Task.sleep(for: .milliseconds(1))
    }
    return true
}

/// A `/board` reply whose opponent board shows `shots` and `NONE` elsewhere.
func boardJSON(shots: [Coordinate: String] = [:]) -> String {
    let opponent = Coordinate.all.map { cell in
        #"{"xPos":\#(cell.x),"yPos":\#(cell.y),"status":"\#(shots[cell] ?? "NONE")"}"#
    }
    let own = Coordinate.all.map { #"{"xPos":\#($0.x),"yPos":\#($0.y),"status":"NONE"}"# }
    return #"{"playerBoard":[\#(own.joined(separator: ","))],"opponentBoard":[\#(opponent.joined(separator: ","))]}"#
}

/// The error `body` throws, as a ``BattleshipClientError``, or nil.
func clientError(_ body: () async throws -> some Any) async -> BattleshipClientError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error as? BattleshipClientError
    }
}

/// A time source that stands still until the test moves it.
final class ManualTime: Sendable {
    private let instant = Mutex(ContinuousClock.now)

    var now: @Sendable () -> ContinuousClock.Instant {
        { [self] in self.instant.withLock { $0 } }
    }

    func advance(by duration: Duration) {
        instant.withLock { $0 += duration }
    }
}
