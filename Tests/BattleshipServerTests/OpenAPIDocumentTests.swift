import BattleshipRules
import Foundation
import Logging
import SalvoTestSupport
import Testing

@testable import BattleshipServer

/// docs/openapi/battleship.yaml against the server it documents, both ways: every documented
/// operation asked of a real `salvo serve` over loopback answers a status the document lists, with
/// the documented headers and body (and a JSON request it takes is one the document allows); and
/// every route the server's router holds is documented.
@Suite("docs/openapi/battleship.yaml against the server")
struct OpenAPIDocumentTests {
    /// One request to the server on `port`, its reply checked by `audit`; JSON bodies unless
    /// `form` (then `application/x-www-form-urlencoded`).
    static func ask(
        _ audit: inout OpenAPIAudit, _ port: Int, _ method: String, _ path: String, json: [String: Any]? = nil, form: String? = nil
    ) async throws -> RawResponse {
        let reply: RawResponse
        var request: (body: [UInt8], mediaType: String)?
        if let form {
            let contentType = "application/x-www-form-urlencoded"
            reply = try await RawHTTP.request(port: port, method: method, path: path, contentType: contentType, body: Data(form.utf8))
        } else if let json {
            let body = try JSONSerialization.data(withJSONObject: json)
            request = (Array(body), "application/json")
            reply = try await RawHTTP.request(port: port, method: method, path: path, body: body)
        } else {
            reply = try await RawHTTP.request(port: port, method: method, path: path, contentType: nil)
        }
        audit.check(method, path, OpenAPIReply(reply), request: request)
        return reply
    }

    @Test("every documented operation, asked of a real salvo serve, answers a listed status with the documented headers and body")
    func operationsAnswerAsDocumented() async throws {
        let database = NSTemporaryDirectory() + "salvo-openapi-\(UUID().uuidString.prefix(8)).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) } }
        // `salvo serve` itself: /metrics and the extensions, every route a server can have.
        let server = try await ServerProcess.start(databasePath: database)
        defer { server.kill() }
        let port = server.port
        var audit = OpenAPIAudit(try OpenAPIDocument(named: "battleship.yaml"))

        for path in ["/health", "/metrics", "/api/extensions", "/api/games"] {
            #expect(try await Self.ask(&audit, port, "GET", path).status == 200)
            #expect(try await Self.ask(&audit, port, "HEAD", path).status == 200)
        }
        for path in ["/health", "/api/extensions", "/api/games"] {
            #expect(try await Self.ask(&audit, port, "OPTIONS", path).status == 200)
        }
        // The refusals of create: a name that is not alphanumeric, a body over 16 KiB.
        let refused = try await Self.ask(&audit, port, "POST", "/api/games", json: ["gameName": "a-b", "playerName": "ann"])
        #expect(refused.status == 400 && refused.message == "Names must be alphanumeric")
        #expect(try await Self.ask(&audit, port, "POST", "/api/games", json: ["gameName": String(repeating: "a", count: 17_000)]).status == 413)
        // An unlisted game (joinToken) refuses a join without its token: 403.
        let hiddenGame: [String: Any] = ["gameName": "hidden", "playerName": "ann", "joinToken": "abcdefghijklmnop"]
        let unlisted = try await Self.ask(&audit, port, "POST", "/api/games", json: hiddenGame)
        let hidden = try #require(unlisted.json["gameId"] as? String)
        #expect(try await Self.ask(&audit, port, "POST", "/api/games/\(hidden)/join", json: ["playerName": "eve"]).status == 403)

        // A game played to its end, with seeded fleets: player one sinks every ship.
        let created = try await Self.ask(&audit, port, "POST", "/api/games", json: ["gameName": "Final", "playerName": "Ann", "boardSeed": 100])
        let game = try #require(created.json["gameId"] as? String)
        let one = try #require(created.json["playerId"] as? String)
        #expect(try await Self.ask(&audit, port, "GET", "/api/games/\(game)").status == 200)
        #expect(try await Self.ask(&audit, port, "GET", "/api/games/not-a-guid").status == 400)
        #expect(try await Self.ask(&audit, port, "HEAD", "/api/games/\(game)").status == 200)
        #expect(try await Self.ask(&audit, port, "HEAD", "/api/games/not-a-guid").status == 400)
        #expect(try await Self.ask(&audit, port, "POST", "/api/games/\(game)/status", json: ["playerId": one]).status == 200)
        #expect(try await Self.ask(&audit, port, "POST", "/api/games/\(game)/board", json: ["playerId": one]).status == 400)
        // A form body, the API's other content type.
        let joined = try await Self.ask(&audit, port, "POST", "/api/games/\(game)/join", form: "playerName=Ben&boardSeed=200")
        let two = try #require(joined.json["playerId"] as? String)
        #expect(try await Self.ask(&audit, port, "POST", "/api/games/\(game)/join", json: ["playerName": "Cy"]).status == 400)
        #expect(try await Self.ask(&audit, port, "POST", "/api/games/\(game)/guess", json: ["playerId": two, "xPos": 0, "yPos": 0]).status == 400)
        let targets = Fleet.seeded(200).ships.flatMap(\.cells)
        var water = openWater(Fleet.seeded(100)).makeIterator()
        var sunk: [Int] = []
        for (shot, target) in targets.enumerated() {
            let fire: [String: Any] = ["playerId": one, "xPos": target.x, "yPos": target.y]
            let reply = try await Self.ask(&audit, port, "POST", "/api/games/\(game)/guess", json: fire)
            if let length = reply.json["shipSunk"] as? Int, length > 0 { sunk.append(length) }
            if shot < targets.count - 1 {
                let next = water.next()
                let miss = try #require(next)
                let answer: [String: Any] = ["playerId": two, "xPos": miss.x, "yPos": miss.y]
                #expect(try await Self.ask(&audit, port, "POST", "/api/games/\(game)/guess", json: answer).status == 200)
            }
        }
        #expect(sunk.sorted() == [2, 3, 3, 4, 5])
        for player in [one, two] {
            let status = try await Self.ask(&audit, port, "POST", "/api/games/\(game)/status", json: ["playerId": player])
            #expect(status.json["winner"] as? String == "Ann")
            #expect(try await Self.ask(&audit, port, "POST", "/api/games/\(game)/board", json: ["playerId": player]).status == 200)
        }
        #expect(try await Self.ask(&audit, port, "POST", "/api/games/\(game)/status", form: "playerId=nobody").status == 400)
        #expect(try await Self.ask(&audit, port, "GET", "/api/games/\(game)").json["winner"] as? String == "Ann")
        #expect(try await Self.ask(&audit, port, "GET", "/api/games").text.contains(#""status":"DONE""#))
        for route in ["/games/\(game)", "/games/\(game)/join", "/games/\(game)/guess", "/games/\(game)/status", "/games/\(game)/board"] {
            #expect(try await Self.ask(&audit, port, "OPTIONS", "/api" + route).status == 200)
        }

        #expect(audit.problems == [])
        #expect(audit.unexercised == [], "documented, never asked: a request for each belongs in this test")
    }

    /// How this fails when a route is added without its documentation: the routes come from
    /// Hummingbird's own list (`Router.routes`) of the router `SalvoServer.buildRouter` builds,
    /// the one function that adds the served routes, with every optional route switched on
    /// (metrics, extensions) and the HEAD routes added as serving adds them (`buildResponder`).
    /// A route added there, or in `GameRoutes`, is in this list and not in the document.
    @Test("the routes the server's router holds are exactly the documented operations")
    func routesAreDocumented() throws {
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, databasePath: nil)
        configuration.metrics = .unshared()
        configuration.offersExtensions = true
        var logger = Logger(label: "salvo.openapi-test")
        logger.logLevel = .critical
        let service = try GameService(store: SalvoServer.openStore(configuration, logger: logger))
        let router = SalvoServer.buildRouter(configuration, service: service)
        _ = router.buildResponder()
        let routed = Set(router.routes.map { OpenAPIDocument.Operation($0.method.rawValue, $0.path.description) })
        let documented = try OpenAPIDocument(named: "battleship.yaml").operations

        #expect(routed.count >= 20)
        #expect(routed.subtracting(documented).sorted() == [], "routed but not in docs/openapi/battleship.yaml")
        #expect(documented.subtracting(routed).sorted() == [], "documented but not routed")
    }
}
