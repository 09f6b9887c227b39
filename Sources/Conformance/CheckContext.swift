import CurlHTTP
import Synchronization

/// What a running check works with: the probe of the server, and the warnings and request
/// count it gathers. One context per check; checks never share games.
public final class CheckContext: Sendable {
    /// The server under test.
    public let probe: APIProbe
    private let state = Mutex(State())

    private struct State {
        var warnings: [CheckFinding] = []
        var requests = 0
        var lastExchange: Exchange?
    }

    init(probe: APIProbe) {
        self.probe = probe
    }

    /// The warnings recorded so far.
    var warnings: [CheckFinding] { state.withLock { $0.warnings } }
    /// How many requests the check sent.
    var requestCount: Int { state.withLock { $0.requests } }
    /// The last exchange the check made, to show with a failure that names none.
    var lastExchange: Exchange? { state.withLock { $0.lastExchange } }

    // MARK: Requests

    /// Sends one request (see ``APIProbe/send(_:_:_:)``) and counts it.
    public func send(_ method: HTTPMethod, _ path: String, _ body: RequestBody = .none) async throws -> Exchange {
        state.withLock { $0.requests += 1 }
        let exchange: Exchange
        do {
            exchange = try await probe.send(method, path, body)
        } catch let finding as CheckFinding {
            state.withLock { $0.lastExchange = finding.exchange }
            throw finding
        }
        state.withLock { $0.lastExchange = exchange }
        return exchange
    }

    /// `GET path`.
    public func get(_ path: String) async throws -> Exchange {
        try await send(.get, path)
    }

    /// `POST path` with a JSON object body.
    public func post(_ path: String, _ members: [(String, JSONValue)]) async throws -> Exchange {
        try await send(.post, path, .json(members))
    }

    // MARK: Verdicts

    /// Fails the check with `message` unless `condition` holds.
    public func expect(_ condition: Bool, _ message: @autoclosure () -> String, _ exchange: Exchange? = nil) throws {
        guard condition else { throw CheckFinding.failure(message(), exchange: exchange) }
    }

    /// Records a warning; the check goes on and ends as WARN unless it fails later.
    public func warn(_ message: String, _ exchange: Exchange? = nil) {
        state.withLock { $0.warnings.append(.warning(message, exchange: exchange)) }
    }

    /// Fails unless the reply is 200 with a JSON body; returns the body.
    @discardableResult
    public func expectSuccess(_ exchange: Exchange, _ what: String) throws -> JSONValue {
        try expect(
            exchange.status == 200, "\(what): expected 200, got \(exchange.status.map(String.init) ?? "no reply")\(Self.quotedMessage(exchange)).",
            exchange)
        guard let json = exchange.json else {
            throw CheckFinding.failure("\(what): the 200 reply's body is not JSON.", exchange: exchange)
        }
        return json
    }

    /// Fails unless the reply is `status` with the JSON body `{"message": message}`.
    public func expectError(_ exchange: Exchange, _ message: String, status: Int = 400, _ what: String) throws {
        try expect(
            exchange.status == status,
            "\(what): expected \(status) \"\(message)\", got \(exchange.status.map(String.init) ?? "no reply")\(Self.quotedMessage(exchange)).",
            exchange
        )
        guard let actual = exchange.errorMessage else {
            throw CheckFinding.failure("\(what): the error body is not JSON {\"message\": \"\(message)\"}.", exchange: exchange)
        }
        try expect(actual == message, "\(what): expected the message \"\(message)\", got \"\(actual)\".", exchange)
    }

    /// ` "text"` for a JSON error reply, else nothing: a hint of what the server said.
    static func quotedMessage(_ exchange: Exchange) -> String {
        exchange.errorMessage.map { " \"\($0)\"" } ?? ""
    }
}
