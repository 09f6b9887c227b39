import BattleshipRules
import Foundation
import Testing

@testable import Bots

/// The clock of a game (``TimeControl``), with real bot processes: a bank on the wall clock per
/// game, each move's time taken from it and the increment added after. No test measures speed:
/// each asserts who ran out, when (in moves) and why; the only durations are generous upper
/// bounds that prove a game was stopped long before its natural end.
@Suite("The game clock: BASE+INC per game, lost on time", .serialized, .timeLimit(.minutes(3)))
struct GameClockTests {
    static func sleepy(_ seconds: String, placing: String? = nil) -> ExternalBotSpec {
        ExternalBotSpec(command: ["python3", Paths.fixture("sleepy_bot.py"), seconds] + (placing.map { [$0] } ?? []), startupDeadline: .seconds(15))
    }

    static func clock(_ text: String) throws -> TimeControl {
        try #require(TimeControl(parsing: text))
    }

    @Test("BASE+INC is read as fastchess writes it, in seconds, and written back the same")
    func notation() throws {
        #expect(TimeControl(parsing: "10+0.1") == TimeControl(baseMilliseconds: 10_000, incrementMilliseconds: 100))
        #expect(TimeControl(parsing: "30") == TimeControl(baseMilliseconds: 30_000, incrementMilliseconds: 0))
        #expect(TimeControl(parsing: "2.5+0") == TimeControl(baseMilliseconds: 2_500, incrementMilliseconds: 0))
        #expect(TimeControl(parsing: ".5+.125") == TimeControl(baseMilliseconds: 500, incrementMilliseconds: 125))
        #expect(try Self.clock("10+0.1").description == "10+0.1")
        #expect(try Self.clock("2.125+0.050").description == "2.125+0.05")
        #expect(try Self.clock("30").description == "30+0")
        #expect(TimeControl.tournamentDefault.description == "10+0.1")
        // Refused: no base, a zero base, a sign, an exponent, a fourth decimal, a moves/time
        // control fastchess has and Salvo does not, two increments, words, past the bounds.
        for text in [
            "", "+0.1", "0+0.1", "0", "-1+0", "1e1+0", "1.0001+0", "40/60+0.6", "1+2+3", "none", "ten", "1.+0", "3601+0", "10+61", " 10+0.1",
        ] {
            #expect(TimeControl(parsing: text) == nil, "\(text)")
        }
    }

    // Each test leaves the runner's latency on a loaded machine (the suites in parallel on 2
    // cores: up to a fifth of a second a move, seen) a margin of its own, said beside it.

    @Test("a bot that sleeps 1 s a move under 3.5+0.1 loses on time at its fourth move, killed at once, long before the game's end")
    func slowBotLosesOnTime() async throws {
        // The bank: 3.5, then 2.6, 1.7 and 0.8 after each of three moves; the fourth needs 1.0.
        // Three moves fit while the runner adds under 0.23 s to each.
        var bot = RecordedBot(ExternalBot(Self.sleepy("1.0"), seed: 1, timeControl: try Self.clock("3.5+0.1")))
        let result = await SoloGame.play(&bot, against: .seeded(1))
        let fault = try #require(result.fault)
        #expect(fault.kind == .time)
        #expect(fault.kind.rawValue == "time")
        #expect(result.shots == 3)
        let reason = fault.description
        #expect(reason.hasPrefix("The bot lost on time: it ran out of its game clock (3.5+0.1): "), "\(reason)")
        #expect(reason.hasSuffix(" s used over 4 moves"), "\(reason)")
        // 3.5 s of bank and 0.3 s of increments, all used: 3.8 s, and the runner's wake-up.
        let used = try #require(Double(reason.split(separator: " ").dropLast(5).last ?? ""))
        #expect(used >= 3.8 && used < 5, "\(reason)")
    }

    @Test("without a clock the same bot plays on: only the clock stopped it")
    func sameBotWithoutClock() async throws {
        let bot = ExternalBot(Self.sleepy("1.0"), seed: 1)
        try await bot.start(GameStart(movesFirst: true))
        // Five moves of 1 s: past the 3.8 s a 3.5+0.1 clock would have given it.
        for _ in 0..<5 { _ = try await bot.nextShot() }
        await bot.finish(.abandoned(reason: "enough"))
    }

    @Test("the increment is credited: a bot that sleeps a little less than INC each move never runs out")
    func incrementIsCredited() async throws {
        // 0.4 s a move under 1.5+0.5: without the increment the bank is out at the fourth move;
        // with it, it grows by 0.1 s a move (less the runner's latency: 12 moves fit while it
        // adds under 0.22 s to each).
        let bot = ExternalBot(Self.sleepy("0.4"), seed: 1, timeControl: try Self.clock("1.5+0.5"))
        try await bot.start(GameStart(movesFirst: true))
        var fault: BotFault?
        var moves = 0
        do {
            for _ in 0..<12 {
                _ = try await bot.nextShot()
                moves += 1
            }
        } catch {
            fault = error
        }
        await bot.finish(.abandoned(reason: "enough"))
        #expect(fault == nil, "\(fault?.description ?? "")")
        #expect(moves == 12)
    }

    @Test("honest bots, quick in every move, never run out of the default clock")
    func honestBotsNeverRunOut() async throws {
        for (script, seed) in [("bots/python/random_bot.py", UInt64(1)), ("bots/python/hunt_target_bot.py", 2)] {
            var bot = RecordedBot(
                ExternalBot(ExternalBotSpec(command: ["python3", Paths.example(script)]), seed: seed, timeControl: .tournamentDefault))
            let result = await SoloGame.play(&bot, against: .seeded(seed))
            #expect(result.fault == nil, "\(script): \(result.fault?.description ?? "")")
            bot.expectWholeGame(result, against: .seeded(seed))
        }
    }

    @Test("placing the fleet is taken from the bank: a bot that takes 1.5 s to place under 1+0.1 loses on time before its first shot")
    func placementCounts() async throws {
        let bot = ExternalBot(Self.sleepy("0", placing: "1.5"), seed: 1, timeControl: try Self.clock("1+0.1"))
        try await bot.start(GameStart(movesFirst: true))
        var fault: BotFault?
        do {
            _ = try await bot.placeFleet(seed: 1)
        } catch {
            fault = error
        }
        await bot.finish(.abandoned(reason: "lost on time"))
        let lost = try #require(fault)
        #expect(lost.kind == .time)
        #expect(lost.description.hasPrefix("The bot lost on time: it ran out of its game clock (1+0.1): "), "\(lost)")
        #expect(lost.description.hasSuffix(" s used placing its fleet"), "\(lost)")
    }

    @Test("a fleet placed in time is charged without increment, and a move after it names it")
    func placementThenMoves() async throws {
        // 1.2 s to place and 0.8 s a move under 3+0.1: 1.8 left, then 1.1 and 0.4; the third
        // move runs out (two fit while the runner adds under 0.15 s to each step). Were the
        // fleet not charged, four moves would fit.
        let bot = ExternalBot(Self.sleepy("0.8", placing: "1.2"), seed: 1, timeControl: try Self.clock("3+0.1"))
        try await bot.start(GameStart(movesFirst: true))
        #expect(try await bot.placeFleet(seed: 1) != nil)
        var fault: BotFault?
        var shots = 0
        do {
            for _ in 0..<6 {
                _ = try await bot.nextShot()
                shots += 1
            }
        } catch {
            fault = error
        }
        await bot.finish(.abandoned(reason: "lost on time"))
        #expect(shots == 2)
        #expect(fault?.kind == .time)
        #expect(fault?.description.hasSuffix(" s used over 3 moves and its fleet") == true, "\(String(describing: fault))")
    }

    @Test("a process reused for another game starts it with a full bank")
    func reusedProcessGetsAFreshBank() async throws {
        let pool = BotProcessPool(maxIdle: 1)
        let control = try Self.clock("2+0")
        // Game 1: two moves of 0.6 s leave 0.8 s of the bank.
        let first = ExternalBot(Self.sleepy("0.6"), seed: 1, pool: pool, mirrorGroup: 1, timeControl: control)
        try await first.start(GameStart(movesFirst: true))
        let process = first.processGroupID
        for _ in 0..<2 { _ = try await first.nextShot() }
        await first.finish(.won)
        // Game 2, on the same process: two more moves of 0.6 s fit only in a fresh bank (while
        // the runner adds under 0.4 s to each).
        let second = ExternalBot(Self.sleepy("0.6"), seed: 2, pool: pool, mirrorGroup: 2, timeControl: control)
        try await second.start(GameStart(movesFirst: true))
        #expect(process != 0 && second.processGroupID == process, "the second game was not played by the first game's process")
        for _ in 0..<2 { _ = try await second.nextShot() }
        await second.finish(.won)
        await pool.shutdown()
    }
}
