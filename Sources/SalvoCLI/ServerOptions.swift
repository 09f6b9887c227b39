import ArgumentParser
import BattleshipClient
import CurlHTTP

/// `--server URL`, shared by the commands that talk to a server.
struct ServerOptions: ParsableArguments {
    @Option(help: "The server's root URL (without /api).")
    var server = "http://127.0.0.1:8080"

    @Option(help: "Seconds each request may take before it counts as failed (and, where safe, is retried).")
    var timeout: Double = 5

    func validate() throws {
        guard timeout > 0, timeout.isFinite else { throw CommandFailure.serverTimeout }
    }

    /// Runs `body` with a client of the server, and awaits the shutdown of its HTTP client
    /// once `body` has ended, returned or thrown (``CurlHTTPClient/withClient(configuration:isolation:_:)``).
    func withClient<Value>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: (BattleshipAPIClient) async throws -> Value
    ) async throws -> Value {
        let configuration = BattleshipAPIClient.Configuration(requestTimeout: .milliseconds(Int(timeout * 1000)), retryPolicy: .standard)
        return try await CurlHTTPClient.withClient { http in
            try await body(BattleshipAPIClient(baseURL: server, http: http, configuration: configuration))
        }
    }
}
