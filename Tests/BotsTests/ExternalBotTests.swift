import BattleshipRules
import Foundation
import Testing

@testable import Bots

@Suite("External bots: every misbehaviour is a forfeit with a reason", .serialized)
struct ExternalBotTests {
    static func spec(_ fixture: String, _ arguments: [String] = [], move: Duration = .seconds(2), startup: Duration = .seconds(15)) -> ExternalBotSpec
    {
        ExternalBotSpec(command: ["python3", Paths.fixture(fixture)] + arguments, moveDeadline: move, startupDeadline: startup)
    }

    static func play(_ spec: ExternalBotSpec, log: String? = nil) async -> SoloResult {
        var bot = ExternalBot(spec, seed: 1, logPath: log)
        return await SoloGame.play(&bot, against: .seeded(1))
    }

    /// As ``play(_:log:)``, with the bot's shots noted, to hold the game's count against.
    static func playRecorded(_ spec: ExternalBotSpec) async -> (SoloResult, RecordedBot<ExternalBot>) {
        var bot = RecordedBot(ExternalBot(spec, seed: 1))
        let result = await SoloGame.play(&bot, against: .seeded(1))
        return (result, bot)
    }

    @Test("the Python example bots play whole games")
    func examples() async {
        for script in ["bots/python/random_bot.py", "bots/python/hunt_target_bot.py"] {
            var bot = RecordedBot(ExternalBot(ExternalBotSpec(command: ["python3", Paths.example(script)]), seed: 1))
            let result = await SoloGame.play(&bot, against: .seeded(1))
            #expect(result.fault == nil)
            bot.expectWholeGame(result, against: .seeded(1))
        }
    }

    @Test("the Perl example bot plays a whole game and says its name")
    func perlExample() async {
        var bot = ExternalBot(ExternalBotSpec(command: ["perl", Paths.example("bots/perl/parity_bot.pl")]), seed: 1)
        let result = await SoloGame.play(&bot, against: .seeded(2))
        #expect(result.fault == nil)
        #expect(await bot.name == "perl-parity")
    }

    @Test("the lines that ask for no answer reach the bot in one write with the next line that does, in order")
    func linesThatAskNothingGoWithTheNext() async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-reads-\(getpid()).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let result = await Self.play(Self.spec("reads_bot.py"), log: log)
        #expect(result.fault == nil)
        // One line of the log per read of the bot: the first words of the lines that reached it together.
        let reads = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: " ").dropFirst().map(String.init)
        }
        #expect(Array(reads.prefix(3)) == [["salvo"], ["new-game"], ["your-turn"]], "\(reads)")
        // Each `result` went with the next `your-turn`, the last one with `game-over` (and `quit`,
        // when the bot was slow to read).
        let turns = reads.dropFirst(3).prefix { $0 == ["result", "your-turn"] }
        #expect(turns.count == result.shots - 1, "\(reads)")
        let end = reads.dropFirst(3 + turns.count).flatMap { $0 }
        #expect(end == ["result", "game-over"] || end == ["result", "game-over", "quit"], "\(reads)")
    }

    @Test("a crash is a forfeit with the exit status, and stderr goes to the log")
    func crash() async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-crash-\(getpid()).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let result = await Self.play(Self.spec("crash_bot.py"), log: log)
        #expect(result.shots == 1)
        #expect(result.fault == .crashed("it ended while \"shot <x> <y>\" was expected, exit status 3"))
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "crash_bot: giving up\n")
    }

    @Test("a hang is a timeout at the move's wall-clock guard, not before")
    func hang() async throws {
        let bot = ExternalBot(Self.spec("hang_bot.py", move: .milliseconds(300)), seed: 1)
        // Started and ready first, so the interpreter's start-up is not part of the time measured.
        try await bot.start(GameStart(movesFirst: true))
        let asked = ContinuousClock.now
        var fault: BotFault?
        do {
            _ = try await bot.nextShot()
        } catch {
            fault = error
        }
        let waited = ContinuousClock.now - asked
        await bot.finish(.abandoned(reason: "test over"))
        // A sleeping bot uses no CPU: it is out of time at the wall-clock guard (3 deadlines, at
        // least the deadline and 2 s), not at the CPU deadline.
        #expect(Self.isWallGuardTimeout(fault, guard: "2.3", deadline: "0.3"), "\(String(describing: fault))")
        // "your-turn" is sent after `asked`, so a guard kept cannot end the wait sooner.
        #expect(waited >= .milliseconds(2_300), "timed out after \(waited)")
    }

    @Test("a bot kept off the CPU past its move deadline (a busy machine) does not forfeit: the deadline counts its CPU time")
    func starvedBotPlaysOn() async {
        // starved_bot is stopped with SIGSTOP for 1.5 s on its first turn, with a 1 s deadline.
        let (result, bot) = await Self.playRecorded(Self.spec("starved_bot.py", move: .seconds(1)))
        #expect(result.fault == nil)
        bot.expectWholeGame(result, against: .seeded(1))
    }

    @Test("a bot that computes past its move deadline times out once it has used that much CPU")
    func computingBotTimesOut() async {
        // A short deadline under the 2.1 s wall guard: even a bot given a twentieth of a core
        // on a loaded machine uses its 0.1 s of CPU before the guard ends the wait.
        let result = await Self.play(Self.spec("burn_bot.py", move: .milliseconds(100)))
        #expect(result.fault == .timedOut("no \"shot <x> <y>\" within 0.1 seconds of CPU time after \"your-turn\""))
    }

    @Test("a bot out of time is killed at once, not at the game's end: it may not finish the thought nor take the CPU meanwhile")
    func timedOutBotKilledAtOnce() async throws {
        let bot = ExternalBot(Self.spec("burn_bot.py", move: .milliseconds(100)), seed: 1)
        try await bot.start(GameStart(movesFirst: true))
        let group = bot.processGroupID
        #expect(group > 0)
        await #expect(throws: BotFault.self) { _ = try await bot.nextShot() }
        // Before `finish`: the burner would spin on until the game's end was recorded.
        #expect(Self.isGone(group), "the bot's process \(group) still runs after its timeout")
        await bot.finish(.abandoned(reason: "test over"))
    }

    @Test("garbage is a malformed line")
    func garbage() async {
        let result = await Self.play(Self.spec("garbage_bot.py"))
        #expect(result.fault == .malformed(line: "fire at will", expected: "shot <x> <y>"))
    }

    @Test("a shot off the grid is refused before it is fired")
    func offGrid() async {
        let result = await Self.play(Self.spec("off_grid_bot.py"))
        #expect(result == SoloResult(shots: 0, fault: .offGrid(Coordinate(x: 10, y: 3))))
    }

    @Test("a repeated shot is refused before it is fired")
    func repeated() async {
        let result = await Self.play(Self.spec("repeat_bot.py"))
        #expect(result == SoloResult(shots: 1, fault: .repeatedShot(Coordinate(x: 4, y: 4))))
    }

    @Test("a slow start is a timeout after the start-up deadline, and a longer deadline lets it play")
    func slowStart() async {
        let slow = await Self.play(Self.spec("slow_start_bot.py", startup: .seconds(1)))
        #expect(slow.fault == .timedOut("no \"name <name>\" within 1.0 seconds after \"salvo 1\""))
        let (patient, bot) = await Self.playRecorded(Self.spec("slow_start_bot.py", startup: .seconds(10)))
        #expect(patient.fault == nil)
        bot.expectWholeGame(patient, against: .seeded(1))
    }

    @Test("a bot that forks a child and exits forfeits, and the child is killed at game end")
    func forkedChild() async throws {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-fork-\(getpid()).pid").path
        defer { try? FileManager.default.removeItem(atPath: pidFile) }
        let result = await Self.play(Self.spec("fork_bot.py", [pidFile], move: .milliseconds(500)))
        #expect(Self.isWallGuardTimeout(result.fault, guard: "2.5", deadline: "0.5"), "\(String(describing: result.fault))")
        let child = try #require(Int32(String(contentsOfFile: pidFile, encoding: .utf8)))
        #expect(Self.isGone(child))
    }

    @Test("a program that cannot start is a forfeit, not a crash of the caller")
    func missingProgram() async {
        let result = await Self.play(ExternalBotSpec(command: ["/nonexistent/bot"], startupDeadline: .seconds(2)))
        #expect(result.fault == .launchFailed("`/nonexistent/bot` is not an executable file"))
        let typo = await Self.play(ExternalBotSpec(command: ["pyhton3", "bot.py"], startupDeadline: .seconds(2)))
        #expect(typo.fault?.kind == .launch)
        #expect(typo.fault?.description.contains("`pyhton3` was not found in ") == true)
    }

    @Test("the memory cap stops a bot that allocates too much")
    func memoryCap() async {
        var configuration = ExternalBotSpec(
            command: ["python3", "-c", "x = bytearray(400 * 1024 * 1024); print('name hog', flush=True)"],
            startupDeadline: .seconds(20))
        configuration.limits = ResourceLimits(memoryBytes: 200 << 20, cpuSeconds: 10)
        let capped = await Self.play(configuration)
        #expect(capped.fault == .crashed("it ended while \"name <name>\" was expected, exit status 1"))
        configuration.limits = ResourceLimits(memoryBytes: nil, cpuSeconds: 10)
        let uncapped = await Self.play(configuration)
        // It printed its name and ended: the same words whether the runner first found its input
        // closed (new-game refused) or its output at its end (no ready).
        #expect(uncapped.fault == .crashed("it ended while \"ready\" was expected, exit status 0"))
    }

    /// Whether `fault` is a timeout at the move's wall-clock guard, of a bot that used little CPU.
    static func isWallGuardTimeout(_ fault: BotFault?, guard wall: String, deadline: String) -> Bool {
        guard case .timedOut(let detail)? = fault else { return false }
        return detail.hasPrefix("no \"shot <x> <y>\" within \(wall) seconds after \"your-turn\" (")
            && detail.hasSuffix(" s of its \(deadline) seconds of CPU time used)")
    }

    /// Whether the process is gone or a zombie (killed, awaiting its new parent's reaping).
    static func isGone(_ pid: Int32) -> Bool {
        for _ in 0..<50 {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
            if let close = stat.lastIndex(of: ")"), stat[stat.index(close, offsetBy: 2)] == "Z" { return true }
            usleep(20_000)
        }
        return false
    }
}
