import Foundation
import LoopbackTestServer
import SalvoTestSupport
import Synchronization

/// A real HTTP proxy on loopback in front of a Battleship server, with a thief inside: every
/// request is forwarded as it is, but each game created through it is joined by the thief
/// before the creator hears back, as a client watching a public lobby does at its best. What
/// it forwards and what it takes are real requests to the real server.
final class SeatStealingProxy: Sendable {
    private let proxy: LoopbackServer
    /// The count of seats taken, shared with the proxy's threads.
    private final class Tally: Sendable {
        let count = Mutex(0)
    }
    private let stolen: Tally

    /// The URL the runner talks to.
    var baseURL: String { proxy.baseURL }
    /// Seats the thief took.
    var seatsTaken: Int { stolen.count.withLock { $0 } }

    init(server port: Int) throws {
        let stolen = Tally()
        self.stolen = stolen
        proxy = try LoopbackServer { request in
            guard let reply = try? LoopbackSocket.forward(request.method, request.path, body: Data(request.body), to: port) else {
                return .respond(status: 502, body: "{\"message\":\"the proxy could not reach the server\"}")
            }
            if request.method == "POST", request.path == "/api/games", reply.status == 200,
                let game = (try? JSONSerialization.jsonObject(with: reply.body) as? [String: Any])?["gameId"] as? String
            {
                // The thief joins with the token it does not have: none.
                let join = try? LoopbackSocket.forward("POST", "/api/games/\(game)/join", body: Data(#"{"playerName":"thief"}"#.utf8), to: port)
                if join?.status == 200 { stolen.count.withLock { $0 += 1 } }
            }
            return .respond(status: reply.status, body: reply.text)
        }
    }

    func stop() { proxy.stop() }
}
