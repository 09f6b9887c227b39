import Foundation
import LoopbackTestServer
import SalvoTestSupport
import Synchronization

/// A real HTTP proxy on loopback in front of a Battleship server that counts what it
/// forwards: every request goes to the server as it is, and the proxy keeps, for each game,
/// how many requests reached each of its endpoints (`status`, `guess`, `board`, `join`).
final class CountingProxy: Sendable {
    private let proxy: LoopbackServer
    /// Requests by game id, then by the path's last segment; shared with the proxy's threads.
    private final class Tally: Sendable {
        let counts = Mutex([String: [String: Int]]())
    }
    private let tally: Tally

    /// The URL the runner talks to.
    var baseURL: String { proxy.baseURL }

    init(server port: Int) throws {
        let tally = Tally()
        self.tally = tally
        proxy = try LoopbackServer { request in
            // `/api/games/ID/ENDPOINT`: counted under ID and ENDPOINT.
            let parts = request.path.split(separator: "/")
            if parts.count == 4, parts[0] == "api", parts[1] == "games" {
                tally.counts.withLock { $0[String(parts[2]), default: [:]][String(parts[3]), default: 0] += 1 }
            }
            guard let reply = try? LoopbackSocket.forward(request.method, request.path, body: Data(request.body), to: port) else {
                return .respond(status: 502, body: "{\"message\":\"the proxy could not reach the server\"}")
            }
            return .respond(status: reply.status, body: reply.text)
        }
    }

    func stop() { proxy.stop() }

    /// The requests that reached `endpoint` (`status`, `guess`…) of game `gameId`.
    func count(game gameId: String, _ endpoint: String) -> Int {
        tally.counts.withLock { $0[gameId]?[endpoint] ?? 0 }
    }
}
