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
    requestTimeout: Duration = .seconds(30),
    retryPolicy: RetryPolicy = fastRetries,
    rateLimiter: RateLimiter = RateLimiter(),
    _ body: (BattleshipAPIClient) async throws -> Result
) async throws -> Result {
    try await CurlHTTPClient.withClient { http in
        let client = BattleshipAPIClient(
            baseURL: server.baseURL + "/",
            http: http,
            rateLimiter: rateLimiter,
            configuration: .init(requestTimeout: requestTimeout, retryPolicy: retryPolicy, jitterSeed: 1)
        )
        return try await body(client)
    }
}

/// Polls `condition` every millisecond for at most `limit`; whether it became true. The limit
/// only ends a wait for what never happens: a minute, so a loaded machine (another `make test`
/// beside this one, the cooperative threads busy with other suites) is never mistaken for it.
func eventually(within limit: Duration = .seconds(60), _ condition: () async -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + limit
    while await !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try await Task.sleep(for: .milliseconds(1))
    }
    return true
}

/// The value of `task`, or nil if it has not finished within `limit` (it is then cancelled).
/// For waits that end at once when the code works and only after an hour when it does not:
/// the limit only tells the two apart, so it is generous for a loaded machine. It returns at
/// the limit even when the task ignores its cancellation (that task is left running).
func value<Value: Sendable>(of task: Task<Value, any Error>, within limit: Duration) async throws -> Value? {
    let first = FirstResult<Value?>()
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value?, any Error>, Never>) in
        first.set(continuation)
        Task { first.offer(await task.result.map { Optional($0) }) }
        Task {
            try? await Task.sleep(for: limit)
            first.offer(.success(nil))
        }
    }
    if case .success(nil) = result { task.cancel() }
    return try result.get()
}

/// Hands the first result offered to a waiting continuation, and drops the others.
private final class FirstResult<Value: Sendable>: Sendable {
    private let state = Mutex<(continuation: CheckedContinuation<Result<Value, any Error>, Never>?, done: Bool)>((nil, false))

    func set(_ continuation: CheckedContinuation<Result<Value, any Error>, Never>) {
        state.withLock { $0.continuation = continuation }
    }

    func offer(_ result: Result<Value, any Error>) {
        let waiting = state.withLock { state -> CheckedContinuation<Result<Value, any Error>, Never>? in
            guard !state.done, let continuation = state.continuation else { return nil }
            state.done = true
            state.continuation = nil
            return continuation
        }
        waiting?.resume(returning: result)
    }
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
