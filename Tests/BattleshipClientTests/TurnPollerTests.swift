import LoopbackTestServer
import Testing

@testable import BattleshipClient

@Suite("TurnPoller", .timeLimit(.minutes(3)))
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
        // Two waits of an interval between three polls: a lower bound, which a loaded machine
        // only makes easier. That it stopped is waitForTurn returning.
        #expect(elapsed >= .milliseconds(200))
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

    // The waits below poll every hour: working, they end at once; with a wake lost or a
    // cancellation ignored they would take the hour. A 2-minute budget tells the two apart
    // however loaded the machine is, without timing anything.
    static let anHour = Duration.seconds(3600)
    static let budget = Duration.seconds(120)

    @Test("wake() sends the next poll at once")
    func wakePollsNow() async throws {
        let server = try LoopbackServer { request in
            .json(#"{"isYourTurn":\#(request.ordinal >= 2),"winner":"IN PROGRESS"}"#)
        }
        defer { server.stop() }
        let state = try await withClient(server) { client in
            let poller = TurnPoller(client: client, gameId: gameId, playerId: playerId, interval: Self.anHour)
            let waiting = Task { try await poller.waitForTurn() }
            // The first poll is answered "not your turn": the poller is going to wait its hour.
            try #require(try await eventually { server.count("POST", statusPath) == 1 })
            poller.wake()
            return try await value(of: waiting, within: Self.budget)
        }
        #expect(state == .yourTurn, "the wake did not send a poll: still waiting the hour")
        #expect(server.count("POST", statusPath) == 2)
    }

    @Test("waitFirst sends no poll until a wake; the wake's poll answers")
    func waitFirstPollsOnlyWhenWoken() async throws {
        let server = try LoopbackServer { _ in .json(#"{"isYourTurn":true,"winner":"IN PROGRESS"}"#) }
        defer { server.stop() }
        let (state, pollsBeforeWake) = try await withClient(server) { client in
            let poller = TurnPoller(client: client, gameId: gameId, playerId: playerId, interval: Self.anHour)
            let waiting = Task { try await poller.waitForTurn(waitFirst: true) }
            // Until the poller waits or a poll arrives, whichever comes first. A poller that
            // waits first has sent nothing when it begins to wait; one that polls at once is
            // told it is its turn and never waits, so its poll is what ends this.
            try #require(try await eventually { poller.isWaiting || server.count("POST", statusPath) > 0 })
            let before = server.count("POST", statusPath)
            poller.wake()
            return (try await value(of: waiting, within: Self.budget), before)
        }
        #expect(pollsBeforeWake == 0)
        #expect(state == .yourTurn, "the wake did not send a poll: still waiting the hour")
        #expect(server.count("POST", statusPath) == 1)
    }

    @Test("a wake that comes before waitFirst's wait is not lost")
    func earlyWakeIsKept() async throws {
        let server = try LoopbackServer { _ in .json(#"{"isYourTurn":true,"winner":"IN PROGRESS"}"#) }
        defer { server.stop() }
        let state = try await withClient(server) { client in
            let poller = TurnPoller(client: client, gameId: gameId, playerId: playerId, interval: Self.anHour)
            poller.wake()
            return try await value(of: Task { try await poller.waitForTurn(waitFirst: true) }, within: Self.budget)
        }
        #expect(state == .yourTurn, "the early wake was lost: still waiting the hour")
        #expect(server.count("POST", statusPath) == 1)
    }

    @Test("cancelling the wait ends it promptly, with the error `cancelled`")
    func cancellation() async throws {
        let server = try LoopbackServer { _ in .json(#"{"isYourTurn":false,"winner":"IN PROGRESS"}"#) }
        defer { server.stop() }
        try await withClient(server) { client in
            let poller = TurnPoller(client: client, gameId: gameId, playerId: playerId, interval: Self.anHour)
            let waiting = Task { try await poller.waitForTurn() }
            try #require(try await eventually { server.count("POST", statusPath) == 1 })
            try await Task.sleep(for: .milliseconds(100))  // into the hour's wait
            waiting.cancel()
            let outcome = await Task { try await value(of: waiting, within: Self.budget) }.result
            switch outcome {
            case .failure(let error): #expect(error as? BattleshipClientError == .cancelled, "\(error)")
            case .success(let state): Issue.record("the wait did not end when cancelled: \(String(describing: state))")
            }
        }
        #expect(server.count("POST", statusPath) == 1)
    }
}
