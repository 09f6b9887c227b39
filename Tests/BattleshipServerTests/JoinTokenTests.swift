import BattleshipAPI
import Foundation
import SalvoTestSupport
import Testing

/// Salvo's `joinToken` extension over real HTTP: unlisted games that only the token's holder
/// can join, kept across a restart, and advertised at `GET /api/extensions`.
@Suite("Unlisted games (joinToken)")
struct JoinTokenTests {
    static let token = "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6"

    @Test("the server lists its extensions: boardSeed, joinToken and fleet")
    func advertised() async throws {
        try await withRunning(TestServer.start()) { server in
            let reply = try await server.get("/api/extensions")
            #expect(reply.status == 200)
            #expect(reply.json["extensions"] as? [String] == ["boardSeed", "joinToken", "fleet"])
        }
    }

    @Test(
        "a game created with a joinToken is absent from the lobby, refuses a join without the token or with another (403), and seats the token's holder"
    )
    func unlisted() async throws {
        try await withRunning(TestServer.start()) { server in
            let listed = try await server.create(game: "public one")
            let created = try await server.post("/api/games", ["gameName": "private one", "playerName": "alice", "joinToken": Self.token])
            #expect(created.status == 200)
            let game = try #require(created.json["gameId"] as? String)
            let lobby = try #require(try JSONSerialization.jsonObject(with: try await server.get("/api/games").body) as? [[String: String]])
            #expect(lobby.map { $0["id"] } == [listed.game], "only the public game is listed")

            for body: [String: Any] in [["playerName": "mallory"], ["playerName": "mallory", "joinToken": "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d7"]] {
                let stolen = try await server.post("/api/games/\(game)/join", body)
                #expect(stolen.status == 403)
                #expect(stolen.message == "This game is unlisted: join it with the joinToken it was created with")
            }
            let joined = try await server.post("/api/games/\(game)/join", ["playerName": "bob", "joinToken": Self.token])
            #expect(joined.status == 200 && joined.json["playerId"] is String)
            // By its id, the game reads as any other.
            #expect(try await server.get("/api/games/\(game)").json["player2"] as? String == "bob")
        }
    }

    @Test(
        "a joinToken that is too short or not plain text is refused with what it must be",
        arguments: ["short", "has spaces in it, sixteen+", String(repeating: "x", count: 129)])
    func badToken(token: String) async throws {
        try await withRunning(TestServer.start()) { server in
            let reply = try await server.post("/api/games", ["gameName": "g", "playerName": "alice", "joinToken": token])
            #expect(reply.status == 400)
            #expect(reply.message == "joinToken must be 16 to 128 letters, digits, - or _")
        }
    }

    @Test("an unlisted game stays unlisted, and its token needed, after the server restarts on its database")
    func survivesRestart() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-token-\(UUID().uuidString).sqlite").path
        let game = try await withRunning(TestServer.start(databasePath: path)) { first in
            let created = try await first.post("/api/games", ["gameName": "kept", "playerName": "alice", "joinToken": Self.token])
            return try #require(created.json["gameId"] as? String)
        }
        try await withRunning(TestServer.start(databasePath: path)) { second throws in
            #expect(try await second.get("/api/games").text == "[]")
            #expect(try await second.post("/api/games/\(game)/join", ["playerName": "mallory"]).status == 403)
            #expect(try await second.post("/api/games/\(game)/join", ["playerName": "bob", "joinToken": Self.token]).status == 200)
        }
    }
}

/// HEAD and OPTIONS, which the reference (Express) answers on every route.
@Suite("HEAD and OPTIONS")
struct MethodTests {
    @Test("HEAD answers as GET with no body: the lobby, a game, /health")
    func head() async throws {
        try await withRunning(TestServer.start()) { server in
            let created = try await server.create()
            for path in ["/api/games", "/api/games/\(created.game)", "/health"] {
                let get = try await server.get(path)
                let head = try await RawHTTP.request(port: server.port, method: "HEAD", path: path, contentType: nil)
                #expect(head.status == 200 && get.status == 200, "\(path)")
                #expect(head.body.isEmpty && !get.body.isEmpty, "\(path)")
                #expect(head.headers["content-type"] == get.headers["content-type"], "\(path)")
            }
            #expect(try await RawHTTP.request(port: server.port, method: "HEAD", path: "/api/nothing", contentType: nil).status == 404)
        }
    }

    @Test("OPTIONS lists each route's methods, in Allow and as the body; an unknown path stays 404")
    func options() async throws {
        try await withRunning(TestServer.start()) { server in
            let created = try await server.create()
            let expected = [
                "/api/games": "GET,HEAD,POST", "/api/games/\(created.game)": "GET,HEAD", "/api/games/\(created.game)/guess": "POST",
                "/health": "GET,HEAD", "/api/extensions": "GET,HEAD",
            ]
            for (path, methods) in expected {
                let reply = try await RawHTTP.request(port: server.port, method: "OPTIONS", path: path, contentType: nil)
                #expect(reply.status == 200 && reply.headers["allow"] == methods && reply.text == methods, "\(path): \(reply.status) \(reply.text)")
            }
            #expect(try await RawHTTP.request(port: server.port, method: "OPTIONS", path: "/api/nothing", contentType: nil).status == 404)
        }
    }
}
