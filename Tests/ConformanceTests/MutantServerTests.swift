import Conformance
import Foundation
import MutantServer
import SalvoTestSupport
import Testing

/// Deliberately broken servers: each fault is caught by name, a reference bug is only a
/// warning, and the faithful mutant passes everything (so the catches are the faults' doing).
@Suite("salvo check against mutant servers", .timeLimit(.minutes(3)))
struct MutantServerTests {
    @Test("the faithful mutant (an independent implementation of the API) passes every check without warnings")
    func faithfulMutantPasses() async throws {
        try await withRunning(MutantServer.start(fault: .none)) { server in
            let report = try await runSuite(server.baseURL)
            #expect(report.ids(.fail).isEmpty, "\(describe(report))")
            #expect(report.ids(.warn).isEmpty, "\(describe(report))")
            // It advertises no extension: their checks do not apply, and say so.
            #expect(report.ids(.skip) == ["extension.fleet"], "\(describe(report))")
            let skipped = try #require(report.outcomes.first { $0.id == "extension.fleet" })
            let lines = ReportFormatter().lines(for: skipped)
            #expect(lines.count == 1 && lines[0].hasPrefix("SKIP  extension.fleet "), "\(lines)")
            #expect(
                lines[0].hasSuffix("  The server does not advertise the `fleet` extension at GET /api/extensions, so its check does not apply."),
                "\(lines)")
            #expect(ReportFormatter().summary(report)[0].contains(", 1 skipped "))
        }
    }

    /// A fault and the checks that must fail because of it.
    struct Caught: Sendable, CustomTestStringConvertible {
        let fault: MutantFault
        let failing: [String]
        var testDescription: String { fault.rawValue }
    }

    static let faults: [Caught] = [
        Caught(fault: .renamedTurnKey, failing: ["keys.status-reply", "turn.creator-first", "status.waiting"]),
        Caught(fault: .joinerMovesFirst, failing: ["turn.creator-first", "guess.out-of-turn"]),
        Caught(fault: .acceptsOffGridGuess, failing: ["errors.coordinates"]),
        Caught(fault: .unknownGameAnswers200, failing: ["errors.unknown-game", "errors.unknown-game-detail"]),
        Caught(fault: .leaksOpponentShips, failing: ["board.hides-opponent-ships", "board.initial"]),
        Caught(fault: .appliesOutOfTurnGuesses, failing: ["guess.out-of-turn", "guess.out-of-turn-not-applied"]),
        Caught(fault: .refusesButAppliesOutOfTurnGuesses, failing: ["guess.out-of-turn-not-applied"]),
        Caught(fault: .wrongSunkLength, failing: ["guess.hit-and-sunk"]),
        Caught(fault: .winnerIsPlayerId, failing: ["status.winner-name"]),
        Caught(fault: .listsPlayingAsWaiting, failing: ["list.statuses"]),
        Caught(fault: .ignoresPlacedFleets, failing: ["extension.fleet"]),
    ]

    @Test("each fault fails the checks named after it", arguments: faults)
    func faultIsCaught(_ caught: Caught) async throws {
        try await withRunning(MutantServer.start(fault: caught.fault)) { server in
            // Only the checks named after the fault: the faithful mutant shows they pass otherwise.
            let report = try await runSuite(server.baseURL, .init(requestTimeout: patientTimeout, selectors: caught.failing))
            #expect(Set(report.outcomes.map(\.id)) == Set(caught.failing))
            let failed = Set(report.ids(.fail))
            for id in caught.failing {
                #expect(failed.contains(id), "\(caught.fault): \(id) did not fail\n\(describe(report))")
            }
            #expect(!report.conforms)
            // Failures name what was wrong and show the exchange.
            for outcome in report.outcomes where outcome.verdict == .fail {
                #expect(!(outcome.messages.first ?? "").isEmpty && outcome.exchange != nil, "\(outcome.id)")
            }
        }
    }

    /// A reference bug and the check that warns about it.
    struct Warned: Sendable, CustomTestStringConvertible {
        let fault: MutantFault
        let warning: String
        var testDescription: String { fault.rawValue }
    }

    @Test("a server sending the plain-text player-id error (a reference bug) passes the whole suite with warnings only")
    func plainTextErrorWarns() async throws {
        try await withRunning(MutantServer.start(fault: .plainTextPlayerIdError)) { server in
            let report = try await runSuite(server.baseURL)
            #expect(report.ids(.fail).isEmpty, "\(describe(report))")
            #expect(Set(report.ids(.warn)) == ["errors.player-id", "guess.validation-order"], "\(describe(report))")
            #expect(report.conforms)
            let warning = try #require(report.outcomes.first { $0.id == "errors.player-id" })
            #expect(
                warning.messages.first?.contains("comes as plain text") == true && warning.exchange?.responseBody == "Player id is not a valid GUID")
        }
    }

    @Test(
        "a server that fails with a 500 on a numeric playerId and sends the plain-text error otherwise (the unmodified reference) passes with warnings only"
    )
    func numericPlayerIdWarns() async throws {
        try await withRunning(MutantServer.start(fault: .numericPlayerIdCrashes)) { server in
            let report = try await runSuite(server.baseURL, .init(requestTimeout: patientTimeout, selectors: ["errors"]))
            #expect(report.ids(.fail).isEmpty, "\(describe(report))")
            let warning = try #require(report.outcomes.first { $0.id == "errors.player-id" })
            #expect(
                warning.verdict == .warn && warning.messages.contains { $0.contains("a playerId sent as a number fails the server with a 500") },
                "\(describe(report))")
            #expect(warning.messages.contains { $0.contains("comes as plain text") })
        }
    }

    @Test(
        "the reference's other bugs warn in the check about them, and fail nothing",
        arguments: [
            Warned(fault: .htmlNotFound, warning: "routes.unknown"),
            Warned(fault: .loserToldToMove, warning: "status.winner-before-turn"),
            Warned(fault: .teapot, warning: "guess.repeat-hit"),
        ])
    func referenceBugWarns(_ warned: Warned) async throws {
        try await withRunning(MutantServer.start(fault: warned.fault)) { server in
            let report = try await runSuite(server.baseURL, .init(requestTimeout: patientTimeout, selectors: [warned.warning, "keys", "errors"]))
            #expect(report.ids(.fail).isEmpty, "\(describe(report))")
            #expect(report.ids(.warn) == [warned.warning], "\(describe(report))")
            #expect(report.conforms)
        }
    }
}

/// `salvo check` as an instructor runs it against a broken server.
@Suite("salvo check command against a mutant server", .timeLimit(.minutes(2)))
struct MutantCommandTests {
    @Test("a failing check prints FAIL with the request and the response, and the command exits 1")
    func failurePrintsExchange() async throws {
        try await withRunning(MutantServer.start(fault: .joinerMovesFirst)) { server in
            let result = try await runSalvo(["check", "--server", server.baseURL, "--timeout", "30", "--only", "turn", "--only", "guess.out-of-turn"])
            #expect(result.status == 1, "\(result.out)\(result.err)")
            let lines = result.out.split(separator: "\n").map(String.init)
            let fail = try #require(lines.firstIndex { $0.hasPrefix("FAIL  guess.out-of-turn ") }, "\(result.out)")
            #expect(lines[fail].hasSuffix(#"The joiner guessing before the creator's first shot: expected 400 "Not your turn", got 200."#))
            #expect(
                lines[fail + 1].trimmingCharacters(in: .whitespaces).hasPrefix("> POST /api/games/")
                    && lines[fail + 1].contains(#""xPos":5,"yPos":5"#))
            // The mutant's fleets are random: (5,5) may be a hit or a miss.
            let response = lines[fail + 2].trimmingCharacters(in: .whitespaces)
            #expect(
                response.hasPrefix(#"< 200  (application/json; charset=utf-8)  {"hit":"#) && response.hasSuffix(#","shipSunk":0}"#), "\(response)")
            #expect(lines.contains { $0.hasPrefix("FAIL  turn.creator-first ") })
            #expect(lines.last?.hasPrefix("The server does not conform: ") == true)
            #expect(result.err.isEmpty)
        }
    }
}
