import ArgumentParser
import CurlHTTP
import Foundation

/// `salvo http-bench URL`: the HTTP client's own request rate, for benchmarks/client.sh.
struct HTTPBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "http-bench",
        abstract: "Measure Salvo's HTTP client: GET one URL over N keep-alive connections for a while.",
        discussion: "Used by benchmarks/client.sh beside wrk. Target only servers you run."
    )

    @Argument(help: "The URL to GET.")
    var url: String

    @Option(help: "Requests in flight at once (connections).")
    var connections = 32

    @Option(help: "How long to run, in seconds.")
    var seconds = 8

    @Option(help: "Where the request tasks run: 'client' (the client's event-loop thread) or 'global' (Swift's global executor).")
    var executor = "client"

    @Option(help: "HTTP event-loop threads (clients) the connections are spread over (default: one per core, like wrk -t).")
    var threads = ProcessInfo.processInfo.activeProcessorCount

    func run() async throws {
        guard threads >= 1 else { throw CommandFailure.atLeastOne("--threads") }
        guard ["client", "global"].contains(executor) else {
            throw CommandFailure.executorChoice(executor)
        }
        let clients = min(threads, max(1, connections))
        let result = try await CurlHTTPClient.withClients(clients, configuration: .init(maxIdleConnections: max(64, connections))) { clients in
            try await CurlHTTPBenchmark.run(
                HTTPRequest(url: url), on: clients, connections: connections, duration: .seconds(seconds),
                onClientExecutor: executor == "client"
            )
        }
        print(result)
    }
}
