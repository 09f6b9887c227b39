import BattleshipRules
import Bots
import Foundation
import MutantServer
import Orchestrator
import SalvoTestSupport
import Testing

@testable import Tournament

/// How a game fails, played against a real server on loopback with one fault (``MutantServer``):
/// a failure on the server's side is "no result" and the game is played again, up to
/// ``TournamentRunner/maximumAttempts`` times; a bot that cannot start forfeits.
@Suite("Games that fail", .serialized, .timeLimit(.minutes(3)))
struct GameFailureTests {
    static let builtIns = ["density", "parity"].map { BotEntry(name: $0, kind: .builtin(BuiltInBot(rawValue: $0)!)) }

    /// Two games (one mirrored pair) on `server`, written to `output`.
    static func config(on server: MutantServer, bots: [BotEntry] = builtIns, output: String = RunnerTests.temporaryDirectory()) -> TournamentConfig {
        TournamentConfig(
            name: "failing", bots: bots, gamesPerPairing: 2, concurrency: 2, server: .url(server.baseURL), seed: 6, outputDirectory: output)
    }

    /// Runs `body` with a mutant server of `fault`, and stops the server once `body` has ended,
    /// thrown or not: no server outlives its test.
    static func withServer(_ fault: MutantFault, _ body: (MutantServer) async throws -> Void) async throws {
        try await withRunning(MutantServer.start(fault: fault), body)
    }

    static func finished(_ journal: [JournalEntry]) -> [GameRecord] {
        journal.compactMap { entry in if case .finished(let record) = entry { record } else { nil } }
    }

    /// A fault on the server, and how the journal must name the failure.
    struct ServerFailure: Sendable, CustomTestStringConvertible {
        let fault: MutantFault
        let reason: String
        var testDescription: String { fault.rawValue }
    }

    @Test(
        "a server that fails a step: every game ends with no result, is played again up to the limit, and nothing is rated",
        arguments: [
            ServerFailure(fault: .createFails, reason: "Creating the game failed: "),
            ServerFailure(fault: .joinFails, reason: "Joining the game failed: "),
            ServerFailure(fault: .guessFails, reason: "The server failed (HTTP 500): Could not save the guess"),
            ServerFailure(fault: .winnerIsPlayerId, reason: "The server named an unknown winner `"),
        ])
    func failingServerStepIsNoResult(_ failure: ServerFailure) async throws {
        try await Self.withServer(failure.fault) { server in
            let (records, journal) = try await RunnerTests.run(Self.config(on: server))
            #expect(records.isEmpty)
            let attempts = Self.finished(journal)
            #expect(attempts.map(\.index).sorted() == [0, 0, 0, 1, 1, 1])
            #expect(TournamentRunner.maximumAttempts == 3)
            for attempt in attempts {
                #expect(attempt.termination == .noResult && attempt.winner == nil)
                #expect((attempt.reason ?? "").hasPrefix(failure.reason), "\(attempt.reason ?? "no reason")")
            }
            // Each failure stops the game where it happened.
            switch failure.fault {
            case .createFails:
                #expect(server.log.count("POST", pathSuffix: "/join") == 0)
            case .joinFails:
                #expect(server.log.count("POST", pathSuffix: "/join") == 6)
                #expect(server.log.count("POST", pathSuffix: "/guess") == 0)
            case .guessFails:
                #expect(attempts.allSatisfy { $0.shots.isEmpty })
            default:
                // The games were played to the end: the winner hit 17 cells, then was named by id.
                #expect(
                    attempts.allSatisfy { record in
                        PlayerSeat.allCases.contains { seat in record.shots.filter { $0.seat == seat && $0.hit }.count == 17 }
                    })
            }
        }
    }

    @Test("a bot whose program is not there could start in no game: the run stops before its first game, charging nothing to the bot")
    func botThatCannotStart() async throws {
        try await Self.withServer(.none) { server in
            let ghost = BotEntry(
                name: "ghost", kind: .external(ExternalBotSpec(command: ["/nonexistent/bot"], startupDeadline: .seconds(30), sandbox: .none)))
            let config = Self.config(on: server, bots: [ghost, Self.builtIns[0]])
            await #expect {
                _ = try await RunnerTests.run(config)
            } throws: { error in
                "\(error)".hasPrefix("A bot could start in no game, so nothing was played")
                    && "\(error)".contains("ghost: `/nonexistent/bot` is not an executable file")
            }
            #expect(!FileManager.default.fileExists(atPath: config.runDirectory + "/journal.jsonl"), "nothing was played, so nothing is left")
            #expect(server.log.count("POST", pathSuffix: "/join") == 0, "no game was played")
        }
    }

    @Test(
        "a bot whose program is there but cannot run (a broken #! line) is the bot's fault: it forfeits every game as a crash with exit status 127; its opponent wins them"
    )
    func botThatFailsEachStart() async throws {
        try await Self.withServer(.none) { server in
            let script = NSTemporaryDirectory() + "salvo-ghost-\(UUID().uuidString.prefix(8)).sh"
            defer { unlink(script) }
            try "#!/nonexistent/interpreter\n".write(toFile: script, atomically: true, encoding: .utf8)
            chmod(script, 0o755)
            let ghost = BotEntry(name: "ghost", kind: .external(ExternalBotSpec(command: [script], startupDeadline: .seconds(30), sandbox: .none)))
            let (records, _) = try await RunnerTests.run(Self.config(on: server, bots: [ghost, Self.builtIns[0]]))
            #expect(records.map(\.index) == [0, 1])
            for record in records {
                #expect(record.termination == .forfeit)
                #expect(record.forfeitKind == .crash, "\(record.reason ?? "")")
                #expect(
                    (record.reason ?? "").hasPrefix("ghost: The bot crashed") && (record.reason ?? "").hasSuffix("exit status 127"),
                    "\(record.reason ?? "")")
                let winner = try #require(record.winner)
                #expect(record.player(winner).bot == "density")
                #expect(record.shots.isEmpty)
            }
        }
    }

    /// A sandbox whose setup fails on this host: the program says nothing on the status
    /// descriptor and exits, as bubblewrap does when it cannot mount `/proc`.
    struct FailingSandboxLauncher: BotLauncher {
        func plan(for spec: ExternalBotSpec) throws(BotFault) -> LaunchPlan {
            LaunchPlan(
                executable: "/bin/sh",
                arguments: ["/bin/sh", "-c", "echo 'bwrap: Can not mount proc on /newroot/proc: Operation not permitted' >&2; exit 1"],
                statusDescriptor: LaunchPlan.sandboxStatusDescriptor
            )
        }
    }

    @Test(
        "a sandbox that fails on the host is never a forfeit; after 10 such games no game starts, and the run stops once those in flight end, saying how many failed and whose fault it is"
    )
    func hostFaultsStopTheRun() async throws {
        try await Self.withServer(.none) { server in
            let boxed = BotEntry(
                name: "boxed", kind: .external(ExternalBotSpec(command: ["/bin/true"], startupDeadline: .seconds(30), sandbox: .none)))
            var config = Self.config(on: server, bots: [boxed] + Self.builtIns + [BotEntry(name: "random", kind: .builtin(.random))])
            config.gamesPerPairing = 4
            let options = TournamentRun.Options(
                storage: .memory, requestTimeout: .seconds(30), writeReports: false, serverLogLevel: .critical, launcher: FailingSandboxLauncher())
            var reported: Int?
            do {
                _ = try await TournamentRun(configuration: config, options: options).run()
                Issue.record("the run went on")
            } catch {
                guard case OrchestratorError.cannotContinue(let detail)? = error as? OrchestratorError else {
                    Issue.record("another error: \(error)")
                    return
                }
                reported = detail.firstMatch(of: /failed to start bots (\d+) times in this run/).flatMap { Int($0.output.1) }
                #expect(reported != nil, "\(detail)")
                #expect(detail.contains("bwrap: Can not mount proc"), "\(detail)")
                #expect(detail.contains("not of the bots"), "\(detail)")
            }
            let finished = Self.finished(try Journal.read(path: config.outputDirectory + "/journal.jsonl"))
            let boxedGames = finished.filter { $0.players.contains { $0.bot == "boxed" } }
            // 3 pairings of 4 games, 3 attempts each, would be 36. No game starts after the tenth
            // fault, but the games in flight beside it (concurrency - 1 of them at most) end, are
            // journaled and may fault too (a fresh clone's run once saw 11): 10 to 11 here, and
            // the message's count is the journal's, whichever it was.
            let guaranteed = TournamentRunner.maximumHostFaults...(TournamentRunner.maximumHostFaults + config.concurrency - 1)
            #expect(config.concurrency == 2 && guaranteed.contains(boxedGames.count), "\(boxedGames.count) faults")
            #expect(reported == boxedGames.count, "the message says \(reported.map(String.init) ?? "nothing"), the journal holds \(boxedGames.count)")
            #expect(boxedGames.allSatisfy { $0.termination == .noResult }, "never charged to the bot")
            #expect(finished.allSatisfy { $0.termination != .forfeit })
        }
    }

    @Test("a resume gives every unrated game its attempts afresh: after two runs of failures, a third on a working server rates each game once")
    func attemptsAcrossResume() async throws {
        let output = RunnerTests.temporaryDirectory()
        try await withRunning(MutantServer.start(fault: .createFails)) { failing in
            // The server may change between runs (it is not part of the configuration checked).
            _ = try await RunnerTests.run(Self.config(on: failing, output: output))
            let (none, afterTwo) = try await RunnerTests.run(Self.config(on: failing, output: output))
            #expect(none.isEmpty)
            #expect(Self.finished(afterTwo).count == 2 * 2 * TournamentRunner.maximumAttempts)
            #expect(failing.log.count("POST", pathSuffix: "/api/games") >= 2 * 2 * TournamentRunner.maximumAttempts)

            try await withRunning(MutantServer.start(fault: .none)) { working in
                let (records, journal) = try await RunnerTests.run(Self.config(on: working, output: output))
                #expect(records.map(\.index) == [0, 1])
                #expect(records.allSatisfy { $0.termination == .win })
                let finished = Self.finished(journal)
                // The twelve failures are kept; each game is rated exactly once, by the third run.
                #expect(finished.filter { $0.termination == .noResult }.count == 12)
                #expect(finished.filter { $0.termination != .noResult }.map(\.index).sorted() == [0, 1])
                #expect(working.log.count("POST", pathSuffix: "/api/games") == 2)
            }
        }
    }
}
