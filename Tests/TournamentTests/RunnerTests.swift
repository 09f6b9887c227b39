import BattleshipRules
import Bots
import Foundation
import Orchestrator
import Ratings
import Testing

@testable import Tournament

/// Whole tournaments against a real embedded server on loopback, with real bot processes.
@Suite("Running tournaments", .serialized, .timeLimit(.minutes(3)))
struct RunnerTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func fixture(_ name: String) -> [String] { ["python3", root.appendingPathComponent("Tests/BotsTests/Fixtures/\(name)").path] }
    static func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("salvo-run-\(UUID().uuidString)").path
    }

    /// Runs `config` as `salvo run` does, on a fresh in-memory embedded server, without
    /// writing reports; returns the rated records and the journal.
    static func run(_ config: TournamentConfig) async throws -> (records: [GameRecord], journal: [JournalEntry]) {
        // A patient deadline: on a busy machine (every suite in parallel on 2 cores) a reply can
        // take seconds, and these tests count failed requests.
        let options = TournamentRun.Options(storage: .memory, requestTimeout: .seconds(30), writeReports: false, serverLogLevel: .critical)
        let summary = try await TournamentRun(configuration: config, options: options).run()
        return (summary.records, try Journal.read(path: summary.journalPath))
    }

    @Test("a round robin plays every scheduled game to a win, and the records agree with the boards")
    func roundRobinToCompletion() async throws {
        let bots = ["random", "hunt-target", "parity", "density"].map { BotEntry(name: $0, kind: .builtin(BuiltInBot(rawValue: $0)!)) }
        let config = TournamentConfig(name: "rr", bots: bots, gamesPerPairing: 2, concurrency: 4, seed: 5, outputDirectory: Self.temporaryDirectory())
        let (records, journal) = try await Self.run(config)
        #expect(records.count == 12)
        #expect(records.map(\.index) == Array(0..<12))
        #expect(records.allSatisfy { $0.termination == .win })
        for record in records {
            let winner = try #require(record.winner)
            // The winner hit all 17 ship cells; the loser's final board shows 17 hits.
            #expect(record.shots.filter { $0.seat == winner && $0.hit }.count == 17)
            #expect(record.player(winner.opponent).finalBoard?.filter { $0 == "HIT" }.count == 17)
            #expect(record.shots.filter { $0.seat == winner }.map(\.sunk).filter { $0 > 0 }.sorted() == [2, 3, 3, 4, 5])
            // Turns alternate from the creator on.
            for (number, shot) in record.shots.enumerated() { #expect(shot.seat == (number % 2 == 0 ? .one : .two)) }
            // Each side sent at least its create or join, its guesses, a poll per turn and its board read.
            for seat in PlayerSeat.allCases {
                let guesses = record.shotCount(of: seat)
                let requests = record.player(seat).requests
                #expect(requests.requests >= 1 + 2 * guesses + 1, "seat \(seat)")
                #expect(requests.failures == 0)
                #expect(requests.maxMilliseconds >= requests.meanMilliseconds)
            }
        }
        let created = journal.filter { if case .created = $0 { true } else { false } }
        #expect(created.count == 12)
        #expect(records.allSatisfy { $0.winner != nil })
        #expect(bots.allSatisfy { bot in records.count { $0.players.contains { $0.bot == bot.name } } == 6 })
    }

    @Test("a game is shown as finished only once its record is on disk, after its created and joined lines, and the run ends with every line there")
    func shownOnlyWhenOnDisk() async throws {
        let bots = ["random", "hunt-target", "parity"].map { BotEntry(name: $0, kind: .builtin(BuiltInBot(rawValue: $0)!)) }
        let config = TournamentConfig(
            name: "durable", bots: bots, gamesPerPairing: 4, concurrency: 8, seed: 3, outputDirectory: Self.temporaryDirectory())
        let journalPath = config.outputDirectory + "/journal.jsonl"
        let shown = ShownGames()
        let options = TournamentRun.Options(storage: .memory, requestTimeout: .seconds(30), writeReports: false, serverLogLevel: .critical)
        let summary = try await TournamentRun(configuration: config, options: options).run { event in
            guard case .progress(.gameFinished(let record, let done, _)) = event else { return }
            // The journal as a kill at this moment would leave it.
            let lines = (try? Journal.read(path: journalPath)) ?? []
            // Read back, a record's dates and durations are rounded: it is found by its ids.
            let finished = lines.firstIndex {
                if case .finished(let line) = $0 { line.index == record.index && line.gameId == record.gameId } else { false }
            }
            let created = lines.firstIndex { if case .created(record.index, _, record.gameId, _) = $0 { true } else { false } }
            let joined = lines.firstIndex { if case .joined(record.index, record.players[1].playerId) = $0 { true } else { false } }
            let rated = lines.count { if case .finished(let line) = $0 { line.termination != .noResult } else { false } }
            let inOrder = if let created, let joined, let finished { created < joined && joined < finished } else { false }
            shown.add(index: record.index, onDisk: inOrder, ratedOnDisk: rated >= done)
        }
        #expect(summary.records.count == 12)
        #expect(shown.indices.sorted() == Array(0..<12))
        #expect(shown.allOnDisk)
        let finished = try Journal.read(path: summary.journalPath).count { if case .finished = $0 { true } else { false } }
        #expect(finished == 12)
    }

    @Test("a crashing external bot forfeits its games and the others complete")
    func forfeitingBotDoesNotStopTheRun() async throws {
        let bots = [
            BotEntry(name: "density", kind: .builtin(.density)),
            BotEntry(name: "parity", kind: .builtin(.parity)),
            BotEntry(name: "crasher", kind: .external(ExternalBotSpec(command: Self.fixture("crash_bot.py"), moveDeadline: .seconds(2)))),
        ]
        let config = TournamentConfig(name: "ff", bots: bots, gamesPerPairing: 2, concurrency: 3, seed: 8, outputDirectory: Self.temporaryDirectory())
        let (records, _) = try await Self.run(config)
        #expect(records.count == 6)
        let crasherGames = records.filter { $0.players.contains { $0.bot == "crasher" } }
        #expect(crasherGames.count == 4)
        for record in crasherGames {
            #expect(record.termination == .forfeit)
            let loser = try #require(record.loser)
            #expect(record.player(loser).bot == "crasher")
            // The kind, not the reason's words: the bot's own name contains "crash".
            #expect(record.forfeitKind == .crash)
        }
        #expect(records.filter { !$0.players.contains { $0.bot == "crasher" } }.allSatisfy { $0.termination == .win })
        // The bot's stderr went to its log.
        let log = try String(contentsOfFile: config.outputDirectory + "/logs/crasher.log", encoding: .utf8)
        #expect(log.contains("crash_bot: giving up"))
    }

    @Test("with pure polling (no local wake-ups) the games still complete")
    func purePolling() async throws {
        let bots = ["density", "parity"].map { BotEntry(name: $0, kind: .builtin(BuiltInBot(rawValue: $0)!)) }
        var config = TournamentConfig(
            name: "poll", bots: bots, gamesPerPairing: 2, concurrency: 2, pollInterval: .milliseconds(5), seed: 3,
            outputDirectory: Self.temporaryDirectory())
        config.wakeLocalOpponent = false
        let (records, _) = try await Self.run(config)
        #expect(records.count == 2)
        #expect(records.allSatisfy { $0.termination == .win })
    }

    @Test(
        "an SPRT stops the run on the very game that decides it, and a second run plays nothing more",
        arguments: [
            (["density", "random"], SPRT.Decision.acceptH1),
            (["random", "density"], SPRT.Decision.acceptH0),
        ])
    func sprtStopsTheRun(botNames: [String], expected: SPRT.Decision) async throws {
        let bots = botNames.map { BotEntry(name: $0, kind: .builtin(BuiltInBot(rawValue: $0)!)) }
        let sprt = SPRTSettings(elo0: 0, elo1: 100, alpha: 0.05, beta: 0.05)
        let config = TournamentConfig(
            name: "sprt", bots: bots, gamesPerPairing: 200, concurrency: 4, seed: 9, outputDirectory: Self.temporaryDirectory(), sprt: sprt)
        let (records, journal) = try await Self.run(config)
        let tally = sprt.tally(records: records, first: botNames[0], second: botNames[1])
        #expect(tally.decision == expected)
        #expect(records.count < 200)
        // The journal holds exactly the rated games, in the order they ended, and the test was
        // still undecided one game before the last.
        let finished = journal.compactMap { entry -> GameRecord? in if case .finished(let record) = entry { record } else { nil } }
        #expect(finished.count == records.count)
        #expect(!sprt.tally(records: Array(finished.dropLast()), first: botNames[0], second: botNames[1]).isDecided)
        // Run again on the same journal: already decided, nothing is played.
        let (again, journalAgain) = try await Self.run(config)
        #expect(again.count == records.count)
        #expect(journalAgain.count == journal.count)
    }

    @Test("a stalled game ends with no result, is played again, and is never rated")
    func stalledGameIsRerun() async throws {
        let bots = [
            BotEntry(name: "density", kind: .builtin(.density)),
            // Its move deadline (30 s) is longer than the stall timeout, so the stall ends the game.
            BotEntry(name: "sleeper", kind: .external(ExternalBotSpec(command: Self.fixture("hang_bot.py"), moveDeadline: .seconds(30)))),
        ]
        var config = TournamentConfig(
            name: "stall", bots: bots, gamesPerPairing: 1, concurrency: 1, seed: 4, outputDirectory: Self.temporaryDirectory())
        config.stallTimeout = .milliseconds(500)
        let (records, journal) = try await Self.run(config)
        #expect(records.isEmpty)
        let finished = journal.compactMap { entry -> GameRecord? in if case .finished(let record) = entry { record } else { nil } }
        #expect(finished.count == TournamentRunner.maximumAttempts)
        #expect(finished.allSatisfy { $0.termination == .noResult && $0.index == 0 && ($0.reason ?? "").contains("stalled") })
    }
}

/// What a run's progress showed, from the run's callbacks.
private final class ShownGames: @unchecked Sendable {
    private let lock = NSLock()
    private var shown: [Int] = []
    private var everyOnDisk = true

    func add(index: Int, onDisk: Bool, ratedOnDisk: Bool) {
        lock.withLock {
            shown.append(index)
            everyOnDisk = everyOnDisk && onDisk && ratedOnDisk
        }
    }

    var indices: [Int] { lock.withLock { shown } }
    var allOnDisk: Bool { lock.withLock { everyOnDisk } }
}
