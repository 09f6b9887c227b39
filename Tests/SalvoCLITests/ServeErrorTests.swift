import Foundation
import LoopbackTestServer
import SalvoTestSupport
import Testing

/// `salvo serve` failing to start says why in plain words, not in the socket library's.
@Suite("salvo serve's start-up errors")
struct ServeErrorTests {
    @Test("a port another program listens on: one sentence naming the port and --port, exit status 1, no errno text")
    func busyPort() async throws {
        let holder = try LoopbackServer { _ in .respond(status: 200, body: "") }
        defer { holder.stop() }
        let result = try await SalvoExecutable.run(["serve", "--port", "\(holder.port)", "--in-memory"])
        #expect(result.status == 1, "\(result.out)\(result.err)")
        #expect(
            result.err.contains(
                "Could not start the server on 127.0.0.1:\(holder.port): port \(holder.port) on 127.0.0.1 is already in use by another program; stop that program, or choose another port with --port (0 picks a free one)"
            ), "\(result.err)")
        #expect(!result.err.contains("errno") && !result.err.contains("bind("), "\(result.err)")
    }
}
