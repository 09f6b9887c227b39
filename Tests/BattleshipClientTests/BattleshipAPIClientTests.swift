import BattleshipAPI
import BattleshipClient
import LoopbackTestServer
import Testing

@Suite("BattleshipAPIClient: endpoints and errors", .timeLimit(.minutes(3)))
struct BattleshipAPIClientTests {
    @Test("the seven endpoints send the reference's requests and decode its replies")
    func endpoints() async throws {
        let server = try LoopbackServer { request in
            switch (request.method, request.path) {
            case ("GET", "/api/games"):
                .json(#"[{"id":"\#(gameId)","name":"demo","status":"WAITING"}]"#)
            case ("GET", "/api/games/\(gameId)"):
                .json(#"{"id":"\#(gameId)","name":"demo","player1":"alice","player2":"","winner":"IN PROGRESS","missilesLaunched":0}"#)
            case ("POST", "/api/games"):
                .json(#"{"playerId":"\#(playerId)","gameId":"\#(gameId)"}"#)
            case ("POST", "/api/games/\(gameId)/join"):
                .json(#"{"playerId":"\#(playerId)"}"#)
            case ("POST", statusPath):
                .json(#"{"isYourTurn":true,"winner":"IN PROGRESS"}"#)
            case ("POST", boardPath):
                .json(boardJSON(shots: [.init(x: 3, y: 4): "HIT"]))
            case ("POST", guessPath):
                .json(#"{"hit":true,"shipSunk":3}"#)
            default:
                .respond(status: 404, body: "<html>nope</html>", contentType: "text/html")
            }
        }
        defer { server.stop() }
        try await withClient(server) { client in
            #expect(try await client.listGames() == [GameSummary(id: gameId, name: "demo", status: .waiting)])
            #expect(try await client.detail(gameId: gameId).player1 == "alice")
            #expect(try await client.create(gameName: "demo", playerName: "alice") == CreateGameResponse(playerId: playerId, gameId: gameId))
            #expect(try await client.join(gameId: gameId, playerName: "bob", boardSeed: 7) == JoinGameResponse(playerId: playerId))
            #expect(try await client.status(gameId: gameId, playerId: playerId) == TurnStatus(isYourTurn: true, winner: "IN PROGRESS"))
            let board = try await client.board(gameId: gameId, playerId: playerId)
            #expect(board.opponentBoard[43] == BoardCell(xPos: 3, yPos: 4, status: "HIT"))
            let outcome = try await client.guess(gameId: gameId, playerId: playerId, at: .init(x: 3, y: 4))
            #expect(outcome == GuessOutcome(result: .sunk(length: 3), isReconciled: false))
        }
        let bodies = Dictionary(server.requests.map { ("\($0.method) \($0.path)", $0.bodyText) }, uniquingKeysWith: { $1 })
        #expect(
            bodies["POST /api/games"] == #"{"gameName":"demo","playerName":"alice"}"#
                || bodies["POST /api/games"] == #"{"playerName":"alice","gameName":"demo"}"#)
        #expect(bodies["POST \(guessPath)"]?.contains(#""xPos":3"#) == true)
        #expect(bodies["POST \(guessPath)"]?.contains(#""yPos":4"#) == true)
        #expect(bodies["POST /api/games/\(gameId)/join"]?.contains(#""boardSeed":7"#) == true)
        #expect(server.requests.allSatisfy { $0.method == "GET" || $0.headers["content-type"] == "application/json" })
    }

    @Test("a JSON error body is rejected with the server's message")
    func jsonError() async throws {
        let server = try LoopbackServer { _ in .respond(status: 400, body: #"{"message":"Not your turn"}"#) }
        defer { server.stop() }
        let error = try await withClient(server) { client in
            await clientError { try await client.status(gameId: gameId, playerId: playerId) }
        }
        #expect(error == .rejected(status: 400, message: "Not your turn"))
        #expect(error?.description == "The server refused the request (HTTP 400): Not your turn")
        #expect(server.count("POST", statusPath) == 1)
    }

    @Test("the reference's plain-text error body is rejected with its text")
    func plainTextError() async throws {
        let server = try LoopbackServer { _ in
            .respond(status: 400, body: ErrorMessage.invalidPlayerId, contentType: "text/html; charset=utf-8")
        }
        defer { server.stop() }
        let error = try await withClient(server) { client in
            await clientError { try await client.board(gameId: gameId, playerId: "nope") }
        }
        #expect(error == .rejected(status: 400, message: "Player id is not a valid GUID"))
    }

    @Test("an HTML error page is described, not quoted")
    func htmlError() async throws {
        let server = try LoopbackServer { _ in .respond(status: 404, body: "<!DOCTYPE html><html></html>", contentType: "text/html") }
        defer { server.stop() }
        let error = try await withClient(server) { client in
            await clientError { try await client.listGames() }
        }
        #expect(error == .rejected(status: 404, message: "HTTP 404 with an HTML page"))
    }

    @Test("5xx replies are retried within the policy, then reported")
    func serverErrorsRetried() async throws {
        let server = try LoopbackServer { request in
            request.path == statusPath && request.ordinal >= 3
                ? .json(#"{"isYourTurn":false,"winner":"IN PROGRESS"}"#)
                : .respond(status: 500, body: #"{"message":"boom"}"#)
        }
        defer { server.stop() }
        let (status, listError) = try await withClient(server) { client in
            let status = try await client.status(gameId: gameId, playerId: playerId)
            let listError = await clientError { try await client.listGames() }
            return (status, listError)
        }
        #expect(status == TurnStatus(isYourTurn: false, winner: "IN PROGRESS"))
        #expect(server.count("POST", statusPath) == 3)
        #expect(listError == .serverError(status: 500, message: "boom"))
        #expect(server.count("GET", "/api/games") == 3)
    }

    @Test("garbage JSON is undecodable and not retried")
    func garbageJSON() async throws {
        let server = try LoopbackServer { request in
            request.method == "GET" ? .json("{{{ not json") : .json(#"{"isYourTurn":"maybe","winner":"IN PROGRESS"}"#)
        }
        defer { server.stop() }
        let (listError, statusError) = try await withClient(server) { client in
            (
                await clientError { try await client.listGames() },
                await clientError { try await client.status(gameId: gameId, playerId: playerId) }
            )
        }
        #expect(
            listError == .undecodable(operation: "GET /api/games", reason: "the reply is not valid JSON: expected a key (a string) or '}' at byte 1"))
        #expect(statusError == .undecodable(operation: "POST \(statusPath)", reason: "expected a boolean at isYourTurn, found a string (byte 14)"))
        #expect(server.count("GET", "/api/games") == 1)
    }

    @Test("a reply later than the deadline is deadlineExceeded after the retries")
    func deadline() async throws {
        // The server never answers: the client can only end by giving up on its own, so the
        // error kind and the server's count prove the deadline without timing anything.
        let server = try LoopbackServer { _ in .noReply }
        defer { server.stop() }
        let error = try await withClient(server, requestTimeout: .milliseconds(150)) { client in
            await clientError { try await client.listGames() }
        }
        #expect(error == .deadlineExceeded(operation: "GET /api/games"))
        // Every attempt reached the server (one the client gave up on may reach its parser a
        // little later), and none more.
        #expect(try await eventually { server.count("GET", "/api/games") >= 3 })
        #expect(server.count("GET", "/api/games") == 3)
    }

    @Test("a server that is not listening is unreachable")
    func unreachable() async throws {
        let server = try LoopbackServer { _ in .json("[]") }
        server.stop()
        let error = try await withClient(server) { client in
            await clientError { try await client.listGames() }
        }
        guard case .unreachable(let url, _) = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(url == server.baseURL)
    }

    @Test("a connection dropped mid-reply is connectionLost")
    func droppedMidReply() async throws {
        let server = try LoopbackServer { _ in .dropMidReply }
        defer { server.stop() }
        let error = try await withClient(server) { client in
            await clientError { try await client.detail(gameId: gameId) }
        }
        guard case .connectionLost(let operation, _) = error else {
            Issue.record("expected connectionLost, got \(String(describing: error))")
            return
        }
        #expect(operation == "GET /api/games/\(gameId)")
        #expect(server.count("GET", "/api/games/\(gameId)") == 3)
    }

    @Test("create is not re-sent after a lost reply")
    func createNotResent() async throws {
        let server = try LoopbackServer { _ in .dropBeforeReply }
        defer { server.stop() }
        let error = try await withClient(server) { client in
            await clientError { try await client.create(gameName: "g", playerName: "p") }
        }
        #expect(error?.mayHaveTakenEffect == true)
        #expect(server.count("POST", "/api/games") == 1)
    }

    @Test("a request stopped by its caller is `cancelled`, sent once, and not counted as the server's failure")
    func cancelledRequest() async throws {
        let server = try LoopbackServer { _ in .noReply }
        defer { server.stop() }
        try await withClient(server) { client in
            let polling = Task { try await client.status(gameId: gameId, playerId: playerId) }
            try #require(try await eventually { server.count("POST", statusPath) == 1 })
            polling.cancel()
            let outcome = await Task { try await value(of: polling, within: .seconds(60)) }.result
            switch outcome {
            case .failure(let error): #expect(error as? BattleshipClientError == .cancelled, "\(error)")
            case .success(let status): Issue.record("the request did not end when cancelled: \(String(describing: status))")
            }
            #expect(client.statistics.failures == 0)
        }
        #expect(server.count("POST", statusPath) == 1)
    }
}
