import ArgumentParser
import CurlHTTP

/// `salvo http-bench URL`: the HTTP client's own request rate, for benchmarks/client.sh.
struct HTTPBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "http-bench",
        abstract: "Measure Salvo's HTTP client: GET one URL over N keep-alive connections for a while.",
        discussion: "Used by benchmarks/client.sh beside wrk. Target only servers you run.",
        shouldDisplay: false
    )

    @Argument(help: "The URL to GET.")
    var url: String

    @Option(help: "Requests in flight at once (connections).")
    var connections = 32

    @Option(help: "How long to run, in seconds.")
    var seconds = 8

    func run() async throws {
        let client = CurlHTTPClient(configuration: .init(maxIdleConnections: max(64, connections)))
        let result = try await CurlHTTPBenchmark.run(HTTPRequest(url: url), on: client, connections: connections, duration: .seconds(seconds))
        await client.shutdown()
        print(result)
    }
}
