import Foundation
import SalvoTestSupport
import Testing

/// `salvo serve` in the foreground stops on SIGTERM and SIGINT as a Hummingbird application
/// does (ServiceKit's group, its shutdown signals): gracefully, exit status 0, every
/// acknowledged change in its database.
@Suite("salvo serve's shutdown signals", .serialized, .timeLimit(.minutes(4)))
struct ServeSignalTests {
    @Test(
        "SIGTERM and SIGINT stop the server gracefully: exit 0, its port closed, the game it acknowledged there at the next start",
        arguments: [SIGTERM, SIGINT])
    func gracefulStop(signal: Int32) async throws {
        let path = DurabilityTests.temporaryDatabase()
        let server = try await ServerProcess.start(databasePath: path)
        let created = try await RawHTTP.post(port: server.port, "/api/games", json: ["gameName": "signalled", "playerName": "ann", "boardSeed": 1])
        let gameId = try #require(created.json["gameId"] as? String)
        server.process.send(signal)
        let ended = try await server.process.finish(timeout: .seconds(60))
        #expect(ended.status == 0 && !ended.signalled, "\(ended.status) \(ended.err)")
        await #expect(throws: (any Error).self) { _ = try await RawHTTP.get(port: server.port, "/api/games") }
        let again = try await ServerProcess.start(databasePath: path)
        defer { again.kill() }
        #expect(try await RawHTTP.get(port: again.port, "/api/games/\(gameId)").json["name"] as? String == "signalled")
    }
}
