import BattleshipRules
import CurlHTTP
import DurationUnits
import Foundation
import JSONCoding
import Synchronization

/// A typed client of one Battleship server's seven endpoints, over ``CurlHTTP``.
///
/// Reads (list, detail, status, board) are retried on transient failures according to the
/// configuration's ``RetryPolicy``; a guess is never re-sent blindly (see
/// ``guess(gameId:playerId:at:)``). Every attempt first takes a token from the shared
/// ``RateLimiter``.
///
/// ```swift
/// let http = CurlHTTPClient()
/// let client = BattleshipAPIClient(baseURL: "http://127.0.0.1:8080", http: http)
/// let created = try await client.create(gameName: "demo", playerName: "alice")
/// let state = try await client.status(gameId: created.gameId, playerId: created.playerId)
/// ```
///
/// Every method throws ``BattleshipClientError``, or `CancellationError` when the calling
/// task is cancelled.
public final class BattleshipAPIClient: Sendable {
    /// The server's root, such as `http://127.0.0.1:8080`; paths `/api/...` are appended.
    public let baseURL: String
    /// Timeouts and retries.
    public let configuration: Configuration
    /// The limiter every request of this client waits on; share one per server.
    public let rateLimiter: RateLimiter
    let http: CurlHTTPClient
    private let random: Mutex<SeededGenerator>
    private let recorded = Mutex(RequestStatistics())

    /// A client of the server at `baseURL` sending through `http`.
    public init(
        baseURL: String,
        http: CurlHTTPClient,
        rateLimiter: RateLimiter = RateLimiter(),
        configuration: Configuration = Configuration()
    ) {
        var root = baseURL
        while root.hasSuffix("/") { root.removeLast() }
        self.baseURL = root
        self.http = http
        self.rateLimiter = rateLimiter
        self.configuration = configuration
        random = Mutex(SeededGenerator(seed: configuration.jitterSeed ?? UInt64.random(in: .min ... .max)))
    }

    /// One endpoint call: how it is sent and how it is described in errors.
    struct Call: Sendable {
        var method: HTTPMethod
        var path: String
        var body: [UInt8]?
        var priority: RateLimiter.Priority
        var isIdempotent: Bool

        var operation: String { "\(method.rawValue) \(path)" }
    }

    /// The call of `path` (under `/api`) with `body` written as JSON.
    func call(
        _ method: HTTPMethod,
        _ path: String,
        body: (some JSONWritable)?,
        priority: RateLimiter.Priority,
        isIdempotent: Bool
    ) -> Call {
        Call(method: method, path: "/api" + path, body: body?.jsonBytes, priority: priority, isIdempotent: isIdempotent)
    }

    /// Sends `call` once and decodes a 2xx reply as `Reply`.
    func send<Reply: JSONReadable>(_ call: Call, as reply: Reply.Type) async throws(BattleshipClientError) -> Reply {
        do {
            try await rateLimiter.acquire(call.priority)
        } catch {
            throw .cancelled
        }
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if call.body != nil { headers.add(name: "Content-Type", value: "application/json") }
        let request = HTTPRequest(
            method: call.method,
            url: baseURL + call.path,
            headers: headers,
            body: call.body,
            // Only decides whether libcurl may reuse a kept-alive connection for the request.
            isIdempotent: call.isIdempotent || configuration.reuseConnectionsForWrites
        )
        let response: HTTPResponse
        let sent = ContinuousClock.now
        do {
            response = try await http.execute(request, timeout: configuration.requestTimeout)
        } catch {
            // A cancelled request is the caller's stop, not a failed request.
            if error != .cancelled { record(since: sent, failed: true) }
            throw BattleshipClientError(error, operation: call.operation, server: baseURL)
        }
        record(since: sent, failed: response.status >= 500)
        return try ReplyDecoder.decode(Reply.self, from: response, operation: call.operation)
    }

    /// The requests this client has sent so far and their latencies.
    public var statistics: RequestStatistics {
        recorded.withLock { $0 }
    }

    /// A client of the same server sharing this one's HTTP client, rate limiter and
    /// configuration, with statistics of its own: one per player, to count each side's requests.
    public func sibling() -> BattleshipAPIClient {
        BattleshipAPIClient(baseURL: baseURL, http: http, rateLimiter: rateLimiter, configuration: configuration)
    }

    private func record(since sent: ContinuousClock.Instant, failed: Bool) {
        let milliseconds = sent.duration(to: .now).milliseconds
        recorded.withLock { $0.add(milliseconds: milliseconds, failed: failed) }
    }

    /// Runs `attempt` until it succeeds, fails for good, or the retry policy gives up;
    /// `shouldRetry` picks the failures worth another attempt.
    func withRetries<Result>(
        shouldRetry: (BattleshipClientError) -> Bool = { $0.isTransient },
        _ attempt: () async throws(BattleshipClientError) -> Result
    ) async throws(BattleshipClientError) -> Result {
        let start = ContinuousClock.now
        var failedAttempts = 0
        while true {
            do {
                return try await attempt()
            } catch {
                guard shouldRetry(error) else { throw error }
                failedAttempts += 1
                guard let wait = nextDelay(afterFailedAttempts: failedAttempts, since: start) else { throw error }
                try await pause(wait)
            }
        }
    }

    /// Sleeps for `wait`; a cancellation meanwhile is ``BattleshipClientError/cancelled``.
    func pause(_ wait: Duration) async throws(BattleshipClientError) {
        do {
            try await Task.sleep(for: wait)
        } catch {
            throw .cancelled
        }
    }

    /// The policy's wait before the next attempt, or nil to give up.
    func nextDelay(afterFailedAttempts failedAttempts: Int, since start: ContinuousClock.Instant) -> Duration? {
        let elapsed = start.duration(to: .now)
        return random.withLock { generator in
            configuration.retryPolicy.nextDelay(afterFailedAttempts: failedAttempts, elapsed: elapsed, using: &generator)
        }
    }
}
