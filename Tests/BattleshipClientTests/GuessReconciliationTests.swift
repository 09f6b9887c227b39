import BattleshipRules
import LoopbackTestServer
import Testing

@testable import BattleshipClient

@Suite("Guess: never re-sent blindly", .timeLimit(.minutes(3)))
struct GuessReconciliationTests {
    let target = Coordinate(x: 6, y: 2)

    /// A server where the first guess is applied (the board shows `landed`) but its reply
    /// is broken as `firstReply` says.
    func server(firstReply: LoopbackBehavior, landed: String) throws -> LoopbackServer {
        try LoopbackServer { [target] request in
            switch request.path {
            case guessPath:
                request.ordinal == 1 ? firstReply : .respond(status: 418, body: #"{"message":"I am a teapot"}"#)
            case boardPath:
                .json(boardJSON(shots: [target: landed]))
            default:
                .respond(status: 404, body: "")
            }
        }
    }

    @Test("a reply dropped mid-way after a hit: read from the board, not re-sent", arguments: ["HIT", "MISS"])
    func droppedMidReply(landed: String) async throws {
        let server = try server(firstReply: .dropMidReply, landed: landed)
        defer { server.stop() }
        let outcome = try await withClient(server) { try await $0.guess(gameId: gameId, playerId: playerId, at: target) }
        #expect(outcome == GuessOutcome(result: landed == "HIT" ? .hit : .miss, isReconciled: true))
        #expect(server.count("POST", guessPath) == 1)
        #expect(server.count("POST", boardPath) == 1)
    }

    @Test("a connection closed before the reply after the shot landed: not re-sent")
    func droppedBeforeReply() async throws {
        let server = try server(firstReply: .dropBeforeReply, landed: "HIT")
        defer { server.stop() }
        let outcome = try await withClient(server) { try await $0.guess(gameId: gameId, playerId: playerId, at: target) }
        #expect(outcome == GuessOutcome(result: .hit, isReconciled: true))
        #expect(server.count("POST", guessPath) == 1)
    }

    @Test("a reply later than the deadline after the shot landed: not re-sent")
    func delayedPastDeadline() async throws {
        // A reply that never comes: later than any deadline, however slow the machine.
        let server = try server(firstReply: .noReply, landed: "HIT")
        defer { server.stop() }
        let outcome = try await withClient(server, requestTimeout: .seconds(1)) {
            try await $0.guess(gameId: gameId, playerId: playerId, at: target)
        }
        #expect(outcome == GuessOutcome(result: .hit, isReconciled: true))
        #expect(try await eventually { server.count("POST", guessPath) >= 1 })
        #expect(server.count("POST", guessPath) == 1)
    }

    @Test(
        "a 500 or garbage reply after the shot landed: not re-sent",
        arguments: [
            LoopbackBehavior.respond(status: 500, body: "oops", contentType: "text/plain"),
            LoopbackBehavior.json("{{garbage"),
        ])
    func serverErrorOrGarbage(reply: LoopbackBehavior) async throws {
        let server = try server(firstReply: reply, landed: "MISS")
        defer { server.stop() }
        let outcome = try await withClient(server) { try await $0.guess(gameId: gameId, playerId: playerId, at: target) }
        #expect(outcome == GuessOutcome(result: .miss, isReconciled: true))
        #expect(server.count("POST", guessPath) == 1)
    }

    @Test("a shot that did not land is sent again, once")
    func notLandedIsResent() async throws {
        let server = try LoopbackServer { request in
            switch request.path {
            case guessPath: request.ordinal == 1 ? .respond(status: 503, body: "") : .json(#"{"hit":false,"shipSunk":0}"#)
            case boardPath: .json(boardJSON())
            default: .respond(status: 404, body: "")
            }
        }
        defer { server.stop() }
        let outcome = try await withClient(server) { try await $0.guess(gameId: gameId, playerId: playerId, at: target) }
        #expect(outcome == GuessOutcome(result: .miss, isReconciled: false))
        #expect(server.count("POST", guessPath) == 2)
        #expect(server.count("POST", boardPath) == 1)
    }

    @Test("a shot that never lands gives up after the policy's attempts with the guess's error")
    func neverLands() async throws {
        let server = try LoopbackServer { request in
            request.path == boardPath ? .json(boardJSON()) : .respond(status: 500, body: #"{"message":"down"}"#)
        }
        defer { server.stop() }
        let error = try await withClient(server) { client in
            await clientError { try await client.guess(gameId: gameId, playerId: playerId, at: target) }
        }
        #expect(error == .serverError(status: 500, message: "down"))
        #expect(server.count("POST", guessPath) == 3)
    }

    @Test(
        "a refusal is thrown at once without reading the board",
        arguments: [
            (400, "Not your turn"), (418, "I am a teapot"),
        ])
    func refusal(status: Int, message: String) async throws {
        let server = try LoopbackServer { request in
            request.path == boardPath ? .json(boardJSON()) : .respond(status: status, body: #"{"message":"\#(message)"}"#)
        }
        defer { server.stop() }
        let error = try await withClient(server) { client in
            await clientError { try await client.guess(gameId: gameId, playerId: playerId, at: target) }
        }
        #expect(error == .rejected(status: status, message: message))
        #expect(server.count("POST", guessPath) == 1)
        #expect(server.count("POST", boardPath) == 0)
    }

    @Test("when the board cannot be read either, the guess's error is thrown and the guess not re-sent")
    func boardUnreadable() async throws {
        let server = try LoopbackServer { request in
            request.path == boardPath ? .respond(status: 502, body: "") : .dropMidReply
        }
        defer { server.stop() }
        let error = try await withClient(server) { client in
            await clientError { try await client.guess(gameId: gameId, playerId: playerId, at: target) }
        }
        guard case .connectionLost = error else {
            Issue.record("expected connectionLost, got \(String(describing: error))")
            return
        }
        #expect(server.count("POST", guessPath) == 1)
        #expect(server.count("POST", boardPath) == 3)
    }

    @Test("an unreachable server is tried again: nothing was sent, and the retry's reply is the outcome")
    func unreachableIsRetried() async throws {
        // Bound but not listening: connections are refused, as by a server that is down.
        let server = try LoopbackServer(listening: false) { request in
            request.path == guessPath ? .json(#"{"hit":true,"shipSunk":0}"#) : .respond(status: 404, body: "")
        }
        defer { server.stop() }
        // One token, and a clock that stands still: the retry waits in the limiter's queue
        // until the test moves the clock, after the server came up.
        let time = ManualTime()
        let limiter = RateLimiter(requestsPerSecond: 1, burst: 1, now: time.now)
        let retries = RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(10), maxDelay: .milliseconds(10), totalBudget: .seconds(60))
        let guess = Task {
            try await withClient(server, retryPolicy: retries, rateLimiter: limiter) {
                try await $0.guess(gameId: gameId, playerId: playerId, at: target)
            }
        }
        // The first attempt failed (the retry is waiting), and it never reached a socket.
        #expect(try await eventually { await limiter.waitingCount == 1 })
        #expect(server.acceptedConnections == 0)
        try server.listen()
        time.advance(by: .seconds(1))
        let outcome = try await guess.value
        // The retry's reply; nothing was sent before, so there was nothing to reconcile.
        #expect(outcome == GuessOutcome(result: .hit, isReconciled: false))
        #expect(server.count("POST", guessPath) == 1)
        #expect(server.count("POST", boardPath) == 0)
    }
}
