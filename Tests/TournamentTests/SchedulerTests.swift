import BattleshipRules
import Foundation
import Testing

@testable import Tournament

/// Every format through the one interface the runner uses: ask for a batch, play it, ask again.
@Suite("The scheduler seam")
struct SchedulerTests {
    /// A tournament of `bots` random bots; `rounds` for the formats that take them (Swiss).
    static func config(bots: Int, games: Int = 2, format: TournamentFormat = .roundRobin, rounds: Int? = nil) -> TournamentConfig {
        var config = TournamentConfig(
            name: "s", format: format, bots: (0..<bots).map { BotEntry(name: "b\($0)", kind: .builtin(.random)) }, gamesPerPairing: games, seed: 5
        )
        config.rounds = rounds
        return config
    }

    /// A format, its rounds, and the batches its scheduler plays them in.
    struct FormatCase: Sendable, CustomTestStringConvertible {
        let format: TournamentFormat
        let rounds: Int?
        let batches: Int
        var testDescription: String { format.rawValue }
    }

    /// A played game's record: the lower-numbered bot wins, unless `noResult`.
    static func record(_ game: ScheduledGame, _ config: TournamentConfig, noResult: Bool = false) -> GameRecord {
        let players = [config.bots[game.creator].name, config.bots[game.joiner].name].map {
            PlayerRecord(bot: $0, serverName: $0, playerId: "p", boardSeed: nil)
        }
        let winner: PlayerSeat = game.creator < game.joiner ? .one : .two
        return GameRecord(
            index: game.index, server: "s", gameId: "g\(game.index)", gameName: "n", players: players, shots: [],
            termination: noResult ? .noResult : .win, winner: noResult ? nil : winner, reason: nil, startedAt: Date(timeIntervalSince1970: 0),
            durationMilliseconds: 1
        )
    }

    /// Plays `config` as the runner does, every game won at once; returns the games in the
    /// order they were played, the batches, and the results.
    static func playAll(_ config: TournamentConfig) throws -> (games: [ScheduledGame], batches: Int, results: ScheduleResults) {
        let scheduler = config.scheduler
        var results = ScheduleResults()
        var played: [ScheduledGame] = []
        var batches = 0
        while scheduler.earlyEnd(after: results) == nil {
            let batch = try scheduler.nextGames(after: results)
            if batch.games.isEmpty { break }
            batches += 1
            for game in batch.games {
                played.append(game)
                results.add(record(game, config))
                if scheduler.earlyEnd(after: results) != nil { break }
            }
        }
        return (played, batches, results)
    }

    @Test(
        "round robin, gauntlet and Swiss play exactly their planned games, each once, through the one interface; a Swiss round is a batch, a fixed schedule one",
        arguments: [
            FormatCase(format: .roundRobin, rounds: nil, batches: 1),
            FormatCase(format: .gauntlet, rounds: nil, batches: 1),
            FormatCase(format: .swiss, rounds: 3, batches: 3),
        ])
    func everyFormatPlaysItsPlan(_ formatCase: FormatCase) throws {
        let config = Self.config(bots: 6, format: formatCase.format, rounds: formatCase.rounds)
        let scheduler = config.scheduler
        let (games, batches, results) = try Self.playAll(config)
        #expect(games.count == scheduler.plannedGames)
        #expect(Set(games.map(\.index)).count == games.count, "no game is played twice")
        #expect(Set(games.map(\.index)) == Set(0..<scheduler.plannedGames), "indices run from 0 without gaps")
        #expect(batches == formatCase.batches)
        #expect(try scheduler.nextGames(after: results).games.isEmpty)
        for game in games {
            // What rematch and reports ask: the game at an index, from the results alone.
            #expect(scheduler.game(at: game.index, after: results) == game)
            #expect(game.botSeeds == PlayerSeat.allCases.map { ScheduleSeeds.botSeed(config, index: game.index, seat: $0) })
            #expect(game.creator != game.joiner)
        }
        #expect(scheduler.game(at: scheduler.plannedGames, after: results) == nil)
    }

    @Test("a sequential test's scheduler ends the match once it decides, and not before")
    func sprtEndsEarly() throws {
        var config = Self.config(bots: 2, games: 400)
        config.sprt = SPRTSettings(elo0: 0, elo1: 50)
        let scheduler = config.scheduler
        #expect(scheduler.whyNotShardable != nil)
        let (games, _, results) = try Self.playAll(config)
        // b0 wins every game: the test accepts H1 long before 400 games.
        #expect(games.count < 400 && games.count > 2)
        guard case .sprtDecided(let tally)? = scheduler.earlyEnd(after: results) else {
            Issue.record("the test did not decide")
            return
        }
        #expect(tally.decision == .acceptH1 && tally.wins == games.count)
        var fewer = ScheduleResults()
        for game in games.dropLast() { fewer.add(Self.record(game, config)) }
        #expect(scheduler.earlyEnd(after: fewer) == nil, "it decided on the last game, not earlier")
        #expect(try scheduler.nextGames(after: results).games.isEmpty)
    }

    @Test("a game given up on in this run is not asked for again; a Swiss game tried three times has ended for good")
    func givenUpGames() throws {
        let robin = Self.config(bots: 3)
        var results = ScheduleResults()
        let first = try robin.scheduler.nextGames(after: results).games
        results.givenUp.insert(first[0].index)
        #expect(try robin.scheduler.nextGames(after: results).games.map(\.index) == first.dropFirst().map(\.index))

        // A fresh run of the same journal (no game given up yet) asks for it again.
        var journalOnly = ScheduleResults()
        for _ in 0..<TournamentRunner.maximumAttempts { journalOnly.add(Self.record(first[0], robin, noResult: true)) }
        #expect(try robin.scheduler.nextGames(after: journalOnly).games.contains(first[0]))

        let swiss = Self.config(bots: 4, format: .swiss, rounds: 3)
        var rounds = ScheduleResults()
        let round1 = try swiss.scheduler.nextGames(after: rounds).games
        for game in round1.dropFirst() { rounds.add(Self.record(game, swiss)) }
        for _ in 0..<TournamentRunner.maximumAttempts { rounds.add(Self.record(round1[0], swiss, noResult: true)) }
        let next = try swiss.scheduler.nextGames(after: rounds)
        #expect(!next.games.contains(round1[0]))
        guard case .roundPaired(let round, _)? = next.announcement else {
            Issue.record("no round announced")
            return
        }
        #expect(round.number == 2)
    }

    @Test("a shard's count of its games is the number of games it lists", arguments: [1, 2, 3, 5, 7])
    func shardCounts(games: Int) throws {
        for count in [1, 2, 3, 4] {
            for index in 0..<count {
                var config = Self.config(bots: 4, games: games)
                config.context.shard = try Shard(index: index, count: count)
                let schedule = try #require(config.scheduler.sharding?.fixedSchedule)
                #expect(schedule.countInRun == schedule.gamesInRun.count, "\(games) games, shard \(index)/\(count)")
                #expect(config.scheduler.plannedGamesInRun == schedule.gamesInRun.count)
            }
        }
    }

    @Test("a journal a Swiss scheduler would not have paired is refused with the game named")
    func swissRefusesOtherPairings() throws {
        let swiss = Self.config(bots: 4, format: .swiss, rounds: 3)
        let round1 = try swiss.scheduler.nextGames(after: ScheduleResults()).games
        var results = ScheduleResults()
        var wrong = round1[0]
        // The game was played by other bots than the round pairs.
        wrong.joiner = try #require((0..<4).first { ![wrong.creator, wrong.joiner].contains($0) })
        results.add(Self.record(wrong, swiss))
        #expect(throws: ScheduleError.self) { try swiss.scheduler.nextGames(after: results) }
    }
}
