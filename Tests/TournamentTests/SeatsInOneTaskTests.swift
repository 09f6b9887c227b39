import BattleshipRules
import BattleshipServer
import Bots
import Foundation
import Logging
import Orchestrator
import SalvoTestSupport
import Testing

@testable import Tournament

/// Both local seats of a game played in one task (``SeatsInOneTask``), against a real server
/// on loopback: the requests a game sends, the games themselves against two independent
/// polling players (``PollingSeats``), and bots that fail in one-task play.
@Suite("Both local seats in one task", .serialized, .timeLimit(.minutes(5)))
struct SeatsInOneTaskTests {
    static func builtIns(_ names: [String]) -> [BotEntry] {
        names.map { BotEntry(name: $0, kind: .builtin(BuiltInBot(rawValue: $0)!)) }
    }

    /// A shot as the replay shows it, without its time.
    struct Shot: Hashable {
        let seat: PlayerSeat, x: Int, y: Int, hit: Bool, sunk: Int
        init(_ shot: ShotRecord) { (seat, x, y, hit, sunk) = (shot.seat, shot.x, shot.y, shot.hit, shot.sunk) }
    }

    @Test("a game sends one status poll per shot and one per seat at the end, as the server counts them, and nothing more per seat")
    func oneTaskPollsOncePerTurn() async throws {
        var logger = Logger(label: "one-task")
        logger.logLevel = .critical
        let (proxy, summary) = try await withRunning(SalvoServer.start(ServerConfiguration(port: 0, databasePath: nil), logger: logger)) { server in
            let proxy = try CountingProxy(server: server.port)
            defer { proxy.stop() }
            let config = TournamentConfig(
                name: "one-task", bots: Self.builtIns(["density", "parity"]), gamesPerPairing: 2, concurrency: 2,
                server: .url(proxy.baseURL), seed: 12, outputDirectory: RunnerTests.temporaryDirectory()
            )
            #expect(config.wakeLocalOpponent)
            let options = TournamentRun.Options(requestTimeout: .seconds(30), writeReports: false, serverLogLevel: .critical)
            return (proxy, try await TournamentRun(configuration: config, options: options).run())
        }
        #expect(summary.records.count == 2)
        for record in summary.records {
            #expect(record.termination == .win)
            let shots = record.shots.count
            #expect(proxy.count(game: record.gameId, "guess") == shots)
            // Two players that poll and wake each other in tasks of their own send more: the
            // joiner's poll at the start, and a poll whenever a wake-up comes late.
            #expect(proxy.count(game: record.gameId, "status") == shots + 2, "game \(record.index): \(shots) shots")
            #expect(proxy.count(game: record.gameId, "board") == 2)
            for seat in PlayerSeat.allCases {
                // Its create or join, its guesses, a poll before each and one at the end, its board.
                let guesses = record.shotCount(of: seat)
                let requests = record.player(seat).requests
                #expect(requests.failures == 0)
                #expect(requests.requests == 1 + guesses + (guesses + 1) + 1, "seat \(seat) of game \(record.index)")
            }
        }
    }

    @Test("a seeded tournament's games are the same shot for shot in one task as with two independent polling players")
    func sameGamesEitherWay() async throws {
        let python = BotEntry(
            name: "py-random",
            kind: .external(ExternalBotSpec(command: ["python3", RunnerTests.root.appendingPathComponent("bots/python/random_bot.py").path])))
        let bots = Self.builtIns(["density", "parity", "hunt-target"]) + [python]
        var oneTask = TournamentConfig(
            name: "same", bots: bots, gamesPerPairing: 2, concurrency: 4, seed: 21, outputDirectory: RunnerTests.temporaryDirectory())
        // The same seeds in both output folders (each would draw a key of its own).
        oneTask.context.seedKey = SeedKey(hex: "5eed0000111122223333444455556666")
        var polling = oneTask
        polling.outputDirectory = RunnerTests.temporaryDirectory()
        polling.wakeLocalOpponent = false
        polling.pollInterval = .milliseconds(2)
        oneTask.pollInterval = .milliseconds(2)
        let (inOneTask, _) = try await RunnerTests.run(oneTask)
        let (asTwoPlayers, _) = try await RunnerTests.run(polling)
        #expect(inOneTask.count == 12 && asTwoPlayers.count == 12)
        for (a, b) in zip(inOneTask.sorted { $0.index < $1.index }, asTwoPlayers.sorted { $0.index < $1.index }) {
            #expect(a.index == b.index)
            #expect(a.termination == .win && b.termination == .win)
            #expect(a.winner == b.winner, "game \(a.index)")
            #expect(a.players.map(\.bot) == b.players.map(\.bot))
            #expect(a.players.map(\.boardSeed) == b.players.map(\.boardSeed))
            #expect(a.players.map(\.finalBoard) == b.players.map(\.finalBoard), "game \(a.index)")
            let (shotsA, shotsB) = (a.shots.map(Shot.init), b.shots.map(Shot.init))
            let firstDifference = Array(zip(shotsA, shotsB)).firstIndex { $0.0 != $0.1 }
            #expect(
                shotsA.count == shotsB.count && firstDifference == nil,
                "game \(a.index): \(shotsA.count) and \(shotsB.count) shots, first difference at \(firstDifference.map(String.init) ?? "none")")
        }
    }

    /// A fixture bot that fails, and how its forfeit must be named.
    struct FailingBot: Sendable, CustomTestStringConvertible {
        let fixture: String
        let kind: ForfeitKind
        var testDescription: String { fixture }
    }

    @Test(
        "in one task, a bot that fails on its turn forfeits with its fault's kind, whichever seat it has, and its opponent wins",
        arguments: [
            FailingBot(fixture: "hang_bot.py", kind: .timeout),
            FailingBot(fixture: "garbage_bot.py", kind: .malformed),
            FailingBot(fixture: "repeat_bot.py", kind: .repeatedShot),
        ])
    func failingBotForfeits(_ failing: FailingBot) async throws {
        // The move deadline (1 s) is far shorter than the stall timeout: a hanging bot times
        // out, and is not taken for a stalled game.
        let bad = BotEntry(name: "bad", kind: .external(ExternalBotSpec(command: RunnerTests.fixture(failing.fixture), moveDeadline: .seconds(1))))
        let config = TournamentConfig(
            name: "fail", bots: [BotEntry(name: "density", kind: .builtin(.density)), bad], gamesPerPairing: 2, concurrency: 2, seed: 5,
            outputDirectory: RunnerTests.temporaryDirectory())
        #expect(config.wakeLocalOpponent && config.stallTimeout >= .seconds(30))
        let (records, journal) = try await RunnerTests.run(config)
        #expect(records.count == 2)
        #expect(journal.count { if case .finished = $0 { true } else { false } } == 2, "no game was played again")
        #expect(Set(records.map { $0.player(.one).bot }) == ["density", "bad"], "the bad bot had each seat once")
        for record in records {
            #expect(record.termination == .forfeit)
            #expect(record.forfeitKind == failing.kind, "\(record.reason ?? "")")
            let loser = try #require(record.loser)
            #expect(record.player(loser).bot == "bad")
            #expect(record.player(loser.opponent).bot == "density")
            // The bad bot's shots never counted: density fired only before the bad bot's turns.
            #expect(record.shotCount(of: loser) == 0 || failing.kind == .repeatedShot)
        }
    }
}
