import BattleshipClient
import LoopbackTestServer
import Testing

@Suite("TurnPoller", .timeLimit(.minutes(1)))
struct TurnPollerTests {
    @Test("it polls at the interval until it is our turn")
    func pollsUntilTurn() async throws {
        let server = try LoopbackServer { request in
            .json(#"{"isYourTurn":\#(request.ordinal >= 3),"winner":"IN PROGRESS"}"#)
        }
        defer { server.stop() }
        let start = ContinuousClock.now
        let state = try await withClient(server) { client in
            try await TurnPoller(client: client, gameId: gameId, playerId: playerId, interval: .milliseconds(100)).waitForTurn()
        }
        let elapsed = ContinuousClock.now - start
        #expect(state == .yourTurn)
        #expect(server.count("POST", statusPath) == 3)
        #expect(elapsed >= .milliseconds(200))
        #expect(elapsed < .seconds(60), "it never stopped polling")
    }

    @Test("it reads the winner before isYourTurn")
    func winnerFirst() async throws {
        let server = try LoopbackServer { _ in .json(#"{"isYourTurn":true,"winner":"alice"}"#) }
        defer { server.stop() }
        let state = try await withClient(server) { client in
            try await TurnPoller(client: client, gameId: gameId, playerId: playerId).waitForTurn()
        }
        #expect(state == .finished(winner: "alice"))
    }

    @Test("wake() sends the next poll at once")
    func wakePollsNow() async throws {
        let server = try LoopbackServer { request in
            .json(#"{"isYourTurn":\#(request.ordinal >= 2),"winner":"IN PROGRESS"}"#)
        }
        defer { server.stop() }
        let (state, elapsed) = try await withClient(server) { client in
            let poller = TurnPoller(client: client, gameId: gameId, playerId: playerId, interval: .seconds(30))
            let start = ContinuousClock.now
            let waiting = Task { try await poller.waitForTurn() }
            try await Task.sleep(for: .milliseconds(200))
            poller.wake()
            let state = try await waiting.value
            return (state, ContinuousClock.now - start)
        }
        #expect(state == .yourTurn)
        #expect(elapsed < .seconds(60), "it never stopped polling")
        #expect(server.count("POST", statusPath) == 2)
    }

    @Test("waitFirst sends no poll until a wake; the wake's poll answers")
    func waitFirstPollsOnlyWhenWoken() async throws {
        let server = try LoopbackServer { _ in .json(#"{"isYourTurn":true,"winner":"IN PROGRESS"}"#) }
        defer { server.stop() }
        let (state, pollsBeforeWake) = try await withClient(server) { client in
            let poller = TurnPoller(client: client, gameId: gameId, playerId: playerId, interval: .seconds(30))
            let waiting = Task { try await poller.waitForTurn(waitFirst: true) }
            try await Task.sleep(for: .milliseconds(300))
            let before = server.count("POST", statusPath)
            poller.wake()
            return (try await waiting.value, before)
        }
        #expect(pollsBeforeWake == 0)
        #expect(state == .yourTurn)
        #expect(server.count("POST", statusPath) == 1)
    }

    @Test("a wake that comes before waitFirst's wait is not lost")
    func earlyWakeIsKept() async throws {
        let server = try LoopbackServer { _ in .json(#"{"isYourTurn":true,"winner":"IN PROGRESS"}"#) }
        defer { server.stop() }
        let start = ContinuousClock.now
        let state = try await withClient(server) { client in
            let poller = TurnPoller(client: client, gameId: gameId, playerId: playerId, interval: .seconds(30))
            poller.wake()
            return try await poller.waitForTurn(waitFirst: true)
        }
        #expect(state == .yourTurn)
        #expect(server.count("POST", statusPath) == 1)
        // A lost wake would wait out the 30 s interval.
        #expect(ContinuousClock.now - start < .seconds(20))
    }

    @Test("cancelling the wait ends it promptly")
    func cancellation() async throws {
        let server = try LoopbackServer { _ in .json(#"{"isYourTurn":false,"winner":"IN PROGRESS"}"#) }
        defer { server.stop() }
        let elapsed = try await withClient(server) { client in
            let poller = TurnPoller(client: client, gameId: gameId, playerId: playerId, interval: .seconds(30))
            let waiting = Task { try await poller.waitForTurn() }
            try #require(try await eventually { server.count("POST", statusPath) == 1 })
            try await Task.sleep(for: .milliseconds(100))  // into the 30 s wait
            let start = ContinuousClock.now
            waiting.cancel()
            await #expect(throws: CancellationError.self) { try await waiting.value }
            return ContinuousClock.now - start
        }
        #expect(elapsed < .seconds(60), "it never stopped polling")
        #expect(server.count("POST", statusPath) == 1)
    }
}
