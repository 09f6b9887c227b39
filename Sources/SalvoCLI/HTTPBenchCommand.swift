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

    @Option(help: "Where the request tasks run: 'client' (the client's event-loop thread) or 'global' (Swift's global executor).")
    var executor = "client"

    func run() async throws {
        let client = CurlHTTPClient(configuration: .init(maxIdleConnections: max(64, connections)))
        guard ["client", "global"].contains(executor) else {
            throw ValidationError("--executor must be 'client' or 'global', not '\(executor)'.")
        }
        let result = try await CurlHTTPBenchmark.run(
            HTTPRequest(url: url), on: client, connections: connections, duration: .seconds(seconds),
            onClientExecutor: executor == "client"
        )
        await client.shutdown()
        print(result)
    }
}
