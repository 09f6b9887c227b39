import BattleshipRules
import Foundation
import Logging
import SalvoTestSupport

@testable import BattleshipServer

/// An embedded server on an ephemeral loopback port, in memory unless a file is given, with
/// helpers that speak the API as a client would.
struct TestServer: Stoppable {
    let running: RunningServer
    var port: Int { running.port }

    static func start(databasePath: String? = nil, writeBehind: Bool = false, offersExtensions: Bool = true) async throws -> TestServer {
        var logger = Logger(label: "salvo.test-server")
        logger.logLevel = .critical
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, databasePath: databasePath, writeBehind: writeBehind)
        configuration.offersExtensions = offersExtensions
        return TestServer(running: try await SalvoServer.start(configuration, logger: logger))
    }

    func stop() async { await running.stop() }

    func post(_ path: String, _ object: [String: Any]) async throws -> RawResponse {
        try await RawHTTP.post(port: port, path, json: object)
    }

    func get(_ path: String) async throws -> RawResponse {
        try await RawHTTP.get(port: port, path)
    }

    /// Creates a game and returns (gameId, creator's playerId).
    func create(game: String = "test game", player: String = "alice", seed: UInt64? = nil) async throws -> (game: String, player: String) {
        var body: [String: Any] = ["gameName": game, "playerName": player]
        if let seed { body["boardSeed"] = seed }
        let reply = try await post("/api/games", body)
        guard reply.status == 200, let gameId = reply.json["gameId"] as? String, let playerId = reply.json["playerId"] as? String else {
            throw RawHTTP.Failure(description: "create failed: \(reply.status) \(reply.text)")
        }
        return (gameId, playerId)
    }

    /// Joins game `id` and returns the joiner's playerId.
    func join(_ id: String, player: String = "bob", seed: UInt64? = nil) async throws -> String {
        var body: [String: Any] = ["playerName": player]
        if let seed { body["boardSeed"] = seed }
        let reply = try await post("/api/games/\(id)/join", body)
        guard reply.status == 200, let playerId = reply.json["playerId"] as? String else {
            throw RawHTTP.Failure(description: "join failed: \(reply.status) \(reply.text)")
        }
        return playerId
    }

    /// A started game with seeded fleets: (gameId, player one, player two).
    func startGame(seedOne: UInt64 = 1, seedTwo: UInt64 = 2) async throws -> (game: String, one: String, two: String) {
        let created = try await create(seed: seedOne)
        let two = try await join(created.game, seed: seedTwo)
        return (created.game, created.player, two)
    }

    func guess(_ game: String, _ player: String, _ cell: Coordinate) async throws -> RawResponse {
        try await post("/api/games/\(game)/guess", ["playerId": player, "xPos": cell.x, "yPos": cell.y])
    }

    func status(_ game: String, _ player: String) async throws -> RawResponse {
        try await post("/api/games/\(game)/status", ["playerId": player])
    }

    /// The `status` strings of one board list of `/board`.
    func board(_ game: String, _ player: String) async throws -> (own: [String], shots: [String]) {
        let reply = try await post("/api/games/\(game)/board", ["playerId": player])
        let own = (reply.json["playerBoard"] as? [[String: Any]] ?? []).compactMap { $0["status"] as? String }
        let shots = (reply.json["opponentBoard"] as? [[String: Any]] ?? []).compactMap { $0["status"] as? String }
        return (own, shots)
    }
}

/// The embedded server, stopped with ``withRunning(_:isolation:_:)`` like the test servers.
extension RunningServer: Stoppable {}

/// Cells that hold no ship of `fleet`, in row order.
func openWater(_ fleet: Fleet) -> [Coordinate] {
    let ships = Set(fleet.ships.flatMap(\.cells))
    return Coordinate.all.filter { !ships.contains($0) }
}
