import ArgumentParser
import BattleshipClient
import CurlHTTP

/// `--server URL`, shared by the commands that talk to a server.
struct ServerOptions: ParsableArguments {
    @Option(help: "The server's root URL (without /api).")
    var server = "http://127.0.0.1:8080"

    /// A client of the server; call `shutdown()` on the HTTP client when done.
    func makeClient() -> (BattleshipAPIClient, CurlHTTPClient) {
        let http = CurlHTTPClient()
        let configuration = BattleshipAPIClient.Configuration(requestTimeout: .seconds(5), retryPolicy: .standard)
        return (BattleshipAPIClient(baseURL: server, http: http, configuration: configuration), http)
    }
}
