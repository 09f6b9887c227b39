import BattleshipRules
import Foundation
import SalvoTestSupport
import Testing

@Suite("Malformed and hostile input")
struct RobustnessTests {
    @Test("malformed JSON is a 400 with a JSON message; valid non-object JSON carries no fields")
    func malformedJSON() async throws {
        try await withRunning(TestServer.start()) { server in
            for body in ["{", "{\"gameName\": }", "nul", "{\"a\":1}}", "\u{FF}\u{FE}"] {
                let reply = try await RawHTTP.request(port: server.port, method: "POST", path: "/api/games", body: Data(body.utf8))
                #expect(reply.status == 400, "\(body)")
                #expect(reply.message?.contains("not valid JSON") == true, "\(body)")
            }
            for body in ["[]", "42", "\"text\"", "", "   "] {
                let reply = try await RawHTTP.request(port: server.port, method: "POST", path: "/api/games", body: Data(body.utf8))
                #expect(reply.status == 400 && reply.message == "Names must be alphanumeric", "\(body)")
            }
        }
    }

    @Test("without a content type the body is not read, as on the reference")
    func noContentType() async throws {
        try await withRunning(TestServer.start()) { server in
            let reply = try await RawHTTP.request(
                port: server.port, method: "POST", path: "/api/games", contentType: nil, body: Data("{\"gameName\":\"a\",\"playerName\":\"b\"}".utf8))
            #expect(reply.status == 400 && reply.message == "Names must be alphanumeric")
            let text = try await RawHTTP.request(
                port: server.port, method: "POST", path: "/api/games", contentType: "text/plain", body: Data("hello".utf8))
            #expect(text.message == "Names must be alphanumeric")
        }
    }

    @Test("wrong types: numbers as names are their digits, other types are refused")
    func wrongTypes() async throws {
        try await withRunning(TestServer.start()) { server in
            let numeric = try await server.post("/api/games", ["gameName": 42, "playerName": 7])
            #expect(numeric.status == 200)
            for value: Any in [true, NSNull(), ["a"], ["k": "v"], 1.5] {
                let reply = try await server.post("/api/games", ["gameName": value, "playerName": "bob"])
                #expect(reply.status == 400 && reply.message == "Names must be alphanumeric", "\(value)")
            }
            for seed: Any in [-1, "abc", 1.5, true] {
                let reply = try await server.post("/api/games", ["gameName": "g", "playerName": "p", "boardSeed": seed])
                #expect(reply.status == 400 && reply.message?.hasPrefix("boardSeed must be") == true, "\(seed)")
            }
            let bigSeed = try await server.post("/api/games", ["gameName": "g", "playerName": "p", "boardSeed": UInt64.max])
            #expect(bigSeed.status == 200)
        }
    }

    @Test("bodies over 16 KiB are refused with 413; names over 64 characters with 400")
    func sizeLimits() async throws {
        try await withRunning(TestServer.start()) { server in
            let huge = Data("{\"gameName\":\"\(String(repeating: "a", count: 20_000))\",\"playerName\":\"b\"}".utf8)
            let tooLarge = try await RawHTTP.request(port: server.port, method: "POST", path: "/api/games", body: huge)
            #expect(tooLarge.status == 413)
            #expect(tooLarge.message == "The request body is larger than 16 KiB")
            let longName = try await server.post("/api/games", ["gameName": String(repeating: "a", count: 65), "playerName": "b"])
            #expect(longName.status == 400 && longName.message == "Names must be at most 64 characters")
            let fits = try await server.post("/api/games", ["gameName": String(repeating: "a", count: 64), "playerName": "b"])
            #expect(fits.status == 200)
            let created = try await server.create()
            let longJoin = try await server.post("/api/games/\(created.game)/join", ["playerName": String(repeating: "z", count: 100)])
            #expect(longJoin.status == 400 && longJoin.message == "Player name must be at most 64 characters")
            // The server is still healthy afterwards.
            #expect(try await server.get("/health").status == 200)
        }
    }

    @Test("1,000 random bodies on every route never produce a 500")
    func randomBodiesNeverCrash() async throws {
        try await withRunning(TestServer.start()) { server in
            let game = try await server.startGame()
            var generator = SeededGenerator(seed: 99)
            let alphabet = Array("{}[]\":,0123456789abcxyzPOStrue-null .%&=+\\u\u{e9}".utf8)
            let fieldNames = ["playerId", "xPos", "yPos", "gameName", "playerName", "boardSeed"]
            let routes = [
                "/api/games", "/api/games/\(game.game)/join", "/api/games/\(game.game)/guess", "/api/games/\(game.game)/status",
                "/api/games/\(game.game)/board",
            ]
            var statuses: [Int: Int] = [:]
            for round in 0..<1_000 {
                var body: [UInt8]
                if round % 2 == 0 {
                    body = (0..<generator.uniform(below: 60)).map { _ in alphabet[generator.uniform(below: alphabet.count)] }
                } else {
                    // Well-formed objects with random field values.
                    let name = fieldNames[generator.uniform(below: fieldNames.count)]
                    let values = [
                        "\"\(game.one)\"", "\"\(game.two)\"", "3", "-7", "\"9\"", "1e400", "null", "[]", "{}", "\"a b\"", "18446744073709551616",
                    ]
                    body = Array("{\"\(name)\":\(values[generator.uniform(below: values.count)]),\"playerId\":\"\(game.one)\"}".utf8)
                }
                let contentType = round % 3 == 0 ? "application/x-www-form-urlencoded" : "application/json"
                let route = routes[generator.uniform(below: routes.count)]
                let reply = try await RawHTTP.request(port: server.port, method: "POST", path: route, contentType: contentType, body: Data(body))
                statuses[reply.status, default: 0] += 1
                #expect(reply.status < 500, "\(route) \(String(decoding: body, as: UTF8.self)) -> \(reply.status) \(reply.text)")
                #expect(reply.headers["content-type"] == "application/json; charset=utf-8")
            }
            #expect(statuses.keys.allSatisfy { [200, 400].contains($0) })
        }
    }
}
