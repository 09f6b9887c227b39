import BattleshipRules
import Foundation
import SalvoTestSupport
import Testing

/// Salvo's `fleet` extension over real HTTP: a player places its own ships on create or join;
/// a bad fleet is refused with what is wrong; the placement is kept across a restart.
@Suite("Placed fleets (fleet)")
struct FleetExtensionTests {
    /// A valid standard fleet: ships along the left columns and the bottom row.
    static var fleet: [[String: Any]] {
        [
            ["length": 5, "x": 0, "y": 0, "orientation": "vertical"],
            ["length": 4, "x": 2, "y": 0, "orientation": "vertical"],
            ["length": 3, "x": 4, "y": 4, "orientation": "horizontal"],
            ["length": 3, "x": 9, "y": 1, "orientation": "vertical"],
            ["length": 2, "x": 7, "y": 9, "orientation": "horizontal"],
        ]
    }
    /// Its cells, as `y * 10 + x`.
    static let cells: Set<Int> = [0, 10, 20, 30, 40, 2, 12, 22, 32, 44, 45, 46, 19, 29, 39, 97, 98]

    /// The cells marked SHIP on a player's own board.
    static func shipCells(_ own: [String]) -> Set<Int> {
        Set(own.indices.filter { own[$0] == "SHIP" })
    }

    @Test("a fleet sent on create and on join is the one each board shows, and shots hit it")
    func placedOnCreateAndJoin() async throws {
        try await withRunning(TestServer.start()) { server in
            let created = try await server.post("/api/games", ["gameName": "placed", "playerName": "alice", "fleet": Self.fleet])
            #expect(created.status == 200, "\(created.text)")
            let game = try #require(created.json["gameId"] as? String)
            let one = try #require(created.json["playerId"] as? String)
            // The joiner's fleet is the same shape moved one column right where it fits: the mirror of it.
            let mirrored = Self.fleet.map { ship -> [String: Any] in
                var moved = ship
                moved["x"] = 9 - (ship["x"] as! Int) - ((ship["orientation"] as! String) == "horizontal" ? (ship["length"] as! Int) - 1 : 0)
                return moved
            }
            let joined = try await server.post("/api/games/\(game)/join", ["playerName": "bob", "fleet": mirrored])
            #expect(joined.status == 200, "\(joined.text)")
            let two = try #require(joined.json["playerId"] as? String)
            #expect(Self.shipCells(try await server.board(game, one).own) == Self.cells)
            let mirroredCells = Set(Self.cells.map { ($0 / 10) * 10 + 9 - $0 % 10 })
            #expect(Self.shipCells(try await server.board(game, two).own) == mirroredCells)
            // Alice fires at bob's (mirrored) carrier's top cell, (9, 0): a hit.
            let shot = try await server.guess(game, one, Coordinate(x: 9, y: 0))
            #expect(shot.status == 200 && shot.json["hit"] as? Bool == true, "\(shot.text)")
        }
    }

    @Test(
        "a bad fleet is refused with a 400 that names the problem",
        arguments: [
            (
                #"[{"length":5,"x":0,"y":0,"orientation":"vertical"}]"#,
                "fleet: The fleet must be five ships of lengths 5, 4, 3, 3 and 2; got lengths 5"
            ),
            (
                #"[{"length":5,"x":0,"y":0,"orientation":"vertical"},{"length":4,"x":0,"y":1,"orientation":"horizontal"},{"length":3,"x":4,"y":4,"orientation":"horizontal"},{"length":3,"x":9,"y":1,"orientation":"vertical"},{"length":2,"x":7,"y":9,"orientation":"horizontal"}]"#,
                "fleet: Two ships overlap at"
            ),
            (
                #"[{"length":5,"x":8,"y":0,"orientation":"horizontal"},{"length":4,"x":2,"y":0,"orientation":"vertical"},{"length":3,"x":4,"y":4,"orientation":"horizontal"},{"length":3,"x":9,"y":1,"orientation":"vertical"},{"length":2,"x":7,"y":9,"orientation":"horizontal"}]"#,
                "fleet: The ship of length 5 at"
            ),
            (#"[{"length":5,"x":0,"y":0,"orientation":"diagonal"}]"#, "fleet: ship 1's orientation must be horizontal or vertical; got `diagonal`"),
            (
                #"[{"length":5,"x":0,"orientation":"vertical"}]"#,
                #"fleet must be an array of five ships such as [{"length":5,"x":0,"y":0,"orientation":"horizontal"}, …]; missing field "y""#
            ),
            (#"{"ships":[]}"#, "fleet must be an array of five ships"),
            (#""5:0,0,V""#, "fleet must be an array of five ships"),
        ])
    func badFleet(fleet: String, message: String) async throws {
        try await withRunning(TestServer.start()) { server in
            let body = Data(#"{"gameName":"g","playerName":"alice","fleet":\#(fleet)}"#.utf8)
            let reply = try await RawHTTP.request(port: server.port, method: "POST", path: "/api/games", body: body)
            #expect(reply.status == 400)
            #expect(reply.message?.hasPrefix(message) == true, "\(reply.message ?? reply.text)")
            #expect(try await server.get("/api/games").text == "[]", "nothing was created")
        }
    }

    @Test("a fleet and a boardSeed together are refused; a form body carries the fleet as JSON text")
    func seedAndForm() async throws {
        try await withRunning(TestServer.start()) { server in
            let both = try await server.post("/api/games", ["gameName": "g", "playerName": "alice", "fleet": Self.fleet, "boardSeed": 7])
            #expect(both.status == 400 && both.message == "Give boardSeed or fleet, not both: a placed fleet needs no seed")

            let json = String(decoding: try JSONSerialization.data(withJSONObject: Self.fleet), as: UTF8.self)
            let form = "gameName=form&playerName=alice&fleet=" + (json.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
            let created = try await RawHTTP.request(
                port: server.port, method: "POST", path: "/api/games", contentType: "application/x-www-form-urlencoded", body: Data(form.utf8))
            #expect(created.status == 200, "\(created.text)")
            let game = try #require(created.json["gameId"] as? String)
            let one = try #require(created.json["playerId"] as? String)
            _ = try await server.join(game)
            #expect(Self.shipCells(try await server.board(game, one).own) == Self.cells)
        }
    }

    @Test("a placed fleet is kept after the server restarts on its database")
    func survivesRestart() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-fleet-\(UUID().uuidString).sqlite").path
        let (game, one) = try await withRunning(TestServer.start(databasePath: path)) { first in
            let created = try await first.post("/api/games", ["gameName": "kept", "playerName": "alice", "fleet": Self.fleet])
            return (try #require(created.json["gameId"] as? String), try #require(created.json["playerId"] as? String))
        }
        try await withRunning(TestServer.start(databasePath: path)) { second in
            _ = try await second.join(game)
            #expect(Self.shipCells(try await second.board(game, one).own) == Self.cells)
        }
    }

    @Test("a server that offers no extensions ignores a fleet, as any other server would")
    func ignoredWithoutTheExtension() async throws {
        try await withRunning(TestServer.start(offersExtensions: false)) { server in
            #expect(try await server.get("/api/extensions").status == 404)
            let created = try await server.post("/api/games", ["gameName": "plain", "playerName": "alice", "fleet": Self.fleet])
            #expect(created.status == 200)
            let game = try #require(created.json["gameId"] as? String)
            let one = try #require(created.json["playerId"] as? String)
            _ = try await server.join(game)
            let cells = Self.shipCells(try await server.board(game, one).own)
            #expect(cells.count == 17 && cells != Self.cells, "a fleet of its own choosing")
        }
    }
}
