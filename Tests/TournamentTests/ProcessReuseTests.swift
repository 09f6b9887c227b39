import BattleshipRules
import Bots
import Foundation
import Orchestrator
import Testing

@testable import Tournament

/// Bot processes reused across games (`restart: reuse`), with a bot that keeps notes in memory
/// from game to game: no process ever plays both games of a mirrored pair.
@Suite("Reused bot processes", .serialized, .timeLimit(.minutes(3)))
struct ProcessReuseTests {
    /// Runs the notes bot (sandboxed, `restart`) against density, 6 mirrored pairs one game at a
    /// time, so that the process that played a pair's first game is idle when its second
    /// starts (the case the rule is for); returns, per process token, the games it played.
    static func run(restart: RestartPolicy) async throws -> (config: TournamentConfig, records: [GameRecord], games: [String: [ScheduledGame]]) {
        // Patient deadlines: this suite is about processes, not time, and runs beside others on 2 cores.
        let notes = ExternalBotSpec(
            command: RunnerTests.fixture("notes_bot.py"), moveDeadline: .seconds(5), startupDeadline: .seconds(30), restart: restart)
        let bots = [BotEntry(name: "notes", kind: .external(notes)), BotEntry(name: "density", kind: .builtin(.density))]
        let config = TournamentConfig(
            name: "reuse", bots: bots, gamesPerPairing: 12, concurrency: 1, seed: 21, outputDirectory: RunnerTests.temporaryDirectory())
        let (records, journal) = try await RunnerTests.run(config)
        // The seeds were keyed with the folder's seed key, which the journal's first line holds.
        guard case .started(let start)? = journal.first else { throw CancellationError() }
        let played = start.configuration
        let log = try String(contentsOfFile: config.outputDirectory + "/logs/notes.log", encoding: .utf8)
        // Which game each bot seed was given in: the notes bot's seat in each scheduled game.
        var gameOfSeed: [UInt64: ScheduledGame] = [:]
        for game in RoundRobinScheduler(config: played).schedule.games {
            let seat: PlayerSeat = game.creator == 0 ? .one : .two
            gameOfSeed[ScheduleSeeds.botSeed(played, index: game.index, seat: seat)] = game
        }
        var games: [String: [ScheduledGame]] = [:]
        for line in log.split(separator: "\n") where line.hasPrefix("GAME ") {
            let words = line.split(separator: " ")
            let game = try #require(UInt64(words[2]).flatMap { gameOfSeed[$0] }, "a seed of no game: \(line)")
            games[String(words[1]), default: []].append(game)
        }
        return (config, records, games)
    }

    @Test("with reuse, processes play several games, and none plays both games of a mirrored pair, though it keeps notes")
    func noProcessPlaysBothGamesOfAPair() async throws {
        let (_, records, games) = try await Self.run(restart: .reuse)
        #expect(records.count == 12)
        #expect(records.allSatisfy { $0.termination == .win }, "\(records.compactMap(\.reason))")
        #expect(games.values.map(\.count).reduce(0, +) == 12, "every game started once: \(games)")
        #expect(games.count < 12, "no process was reused")
        #expect(games.values.contains { $0.count >= 2 })
        for (token, played) in games {
            let pairs = played.map(\.mirrorGroup)
            #expect(Set(pairs).count == pairs.count, "process \(token) played both games of a pair: \(played.map(\.index))")
        }
    }

    @Test("with restart: per-game, every game has a process of its own")
    func perGame() async throws {
        let (_, records, games) = try await Self.run(restart: .perGame)
        #expect(records.count == 12)
        #expect(games.count == 12 && games.values.allSatisfy { $0.count == 1 })
    }
}
