import BattleshipRules
import Bots
import Foundation
import Orchestrator
import SalvoTestSupport
import Testing

@testable import Tournament

/// The secret seed key of issue 26: a bot that knows Salvo's source, the tournament file and
/// every seed it was given still cannot find the fleets, and the output folder, its journal and
/// its shards still reproduce every game.
@Suite("Seed keys", .serialized, .timeLimit(.minutes(5)))
struct SeedKeyTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/hostile").path

    static func config(_ output: String, bots: [BotEntry]? = nil, games: Int = 2) -> TournamentConfig {
        let bots = bots ?? [BotEntry(name: "density", kind: .builtin(.density)), BotEntry(name: "parity", kind: .builtin(.parity))]
        return TournamentConfig(name: "keys", bots: bots, gamesPerPairing: games, concurrency: 2, seed: 7, outputDirectory: output)
    }

    static func boardSeeds(_ records: [GameRecord]) -> [UInt64?] {
        records.flatMap { record in PlayerSeat.allCases.map { record.player($0).boardSeed } }
    }

    @Test("a folder's key is drawn once, kept in seed.key (0600, 32 hex digits), and the same for eight processes' worth of callers at once")
    func oneKeyPerFolder() async throws {
        let folder = RunnerTests.temporaryDirectory()
        let keys = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<8 { group.addTask { try? SeedKey.inFolder(folder).description } }
            return await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(Set(keys).count == 1 && keys[0]?.count == 32, "\(keys)")
        let text = try String(contentsOfFile: folder + "/seed.key", encoding: .utf8)
        #expect(text == keys[0]! + "\n")
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/seed.key")[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try SeedKey.inFolder(folder).description == keys[0])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["seed.key"], "no file left aside")
        #expect(SeedKey.random() != SeedKey.random())
    }

    @Test("a damaged seed.key is refused with what to do, not replaced")
    func damagedKey() throws {
        let folder = RunnerTests.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "not a key\n".write(toFile: folder + "/seed.key", atomically: true, encoding: .utf8)
        #expect(throws: SeedKeyError.unreadable(path: folder + "/seed.key")) { try SeedKey.inFolder(folder) }
        #expect(try String(contentsOfFile: folder + "/seed.key", encoding: .utf8) == "not a key\n")
    }

    @Test("with a key, fleets and bot seeds are other than without, the same for the same key, and other for another key")
    func keyedSchedules() throws {
        let plain = Self.config("/nonexistent")
        var keyed = plain
        keyed.context.seedKey = SeedKey(hex: "00112233445566778899aabbccddeeff")
        var other = plain
        other.context.seedKey = SeedKey(hex: "00112233445566778899aabbccddeefe")
        let schedules = [plain, keyed, keyed, other].map { RoundRobinScheduler(config: $0).schedule.games.map { [$0.creatorSeed, $0.joinerSeed] } }
        #expect(schedules[1] == schedules[2])
        #expect(schedules[0] != schedules[1] && schedules[1] != schedules[3] && schedules[0] != schedules[3])
        #expect(ScheduleSeeds.botSeed(plain, index: 1, seat: .two) != ScheduleSeeds.botSeed(keyed, index: 1, seat: .two))
        // The mirrored pair still shares its fleets under a key.
        let games = RoundRobinScheduler(config: keyed).schedule.games
        #expect(games[0].creatorSeed == games[1].creatorSeed && games[0].joinerSeed == games[1].joinerSeed)
    }

    @Test("the seed search wins against the keyless derivation, and finds nothing in a real run, whose seeds carry the folder's key")
    func seedSearchFails() async throws {
        let script = Self.fixtures + "/seed_search_bot.py"
        // The attack works: from a bot seed of the keyless derivation it finds the tournament's seed.
        let keyless = Self.config("/nonexistent", games: 4)
        let found = try await TestProcess.run("/usr/bin/python3", [script, "--search", String(ScheduleSeeds.botSeed(keyless, index: 3, seat: .two))])
            .out
        #expect(found == "found seed 7 game 3 seat 1\n", "\(found)")

        // The same bot in a real run of the same tournament (seed 7, four games) finds nothing.
        let searcher = ExternalBotSpec(command: ["/usr/bin/python3", script], startupDeadline: .seconds(60), sandbox: .none)
        let output = RunnerTests.temporaryDirectory()
        let config = Self.config(
            output, bots: [BotEntry(name: "searcher", kind: .external(searcher)), BotEntry(name: "random", kind: .builtin(.random))], games: 4)
        let (records, journal) = try await RunnerTests.run(config)
        #expect(records.count == 4)
        let log = try String(contentsOfFile: output + "/logs/searcher.log", encoding: .utf8)
        #expect(log.components(separatedBy: "not found").count - 1 == 4 && !log.contains("found seed"), "\(log)")
        guard case .started(let start)? = journal.first else {
            Issue.record("no started line")
            return
        }
        #expect(start.configuration.context.seedKey == (try SeedKey.inFolder(output)))
    }

    @Test(
        "a fresh folder plays other fleets; a folder given the first's seed.key plays the same games; the journal holds the key, results.json and the pages do not"
    )
    func reproducibleByKey() async throws {
        func run(_ output: String) async throws -> [GameRecord] {
            let options = TournamentRun.Options(storage: .memory, requestTimeout: .seconds(30), serverLogLevel: .critical)
            return try await TournamentRun(configuration: Self.config(output), options: options).run().records
        }
        let first = RunnerTests.temporaryDirectory()
        let fresh = RunnerTests.temporaryDirectory()
        let copied = RunnerTests.temporaryDirectory()
        let firstRecords = try await run(first)
        let freshRecords = try await run(fresh)
        try FileManager.default.createDirectory(atPath: copied, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: first + "/seed.key", toPath: copied + "/seed.key")
        let copiedRecords = try await run(copied)
        #expect(Self.boardSeeds(firstRecords) != Self.boardSeeds(freshRecords))
        #expect(Self.boardSeeds(firstRecords) == Self.boardSeeds(copiedRecords))
        func moves(_ records: [GameRecord]) -> [[String]] { records.map { $0.shots.map { "\($0.seat) \($0.x) \($0.y) \($0.hit)" } } }
        #expect(moves(firstRecords) == moves(copiedRecords))

        let key = try SeedKey.inFolder(first).description
        let journal = try String(contentsOfFile: first + "/journal.jsonl", encoding: .utf8)
        #expect(journal.split(separator: "\n")[0].contains("\"seedKey\":\"\(key)\""))
        for page in ["results.json", "index.html"] {
            let text = try String(contentsOfFile: first + "/" + page, encoding: .utf8)
            #expect(!text.contains(key), "\(page) shows the seed key")
        }
    }

    @Test("a continued run plays with its journal's key; a seed.key changed since is refused, naming the file")
    func continuedRunKeepsItsKey() async throws {
        let output = RunnerTests.temporaryDirectory()
        let options = TournamentRun.Options(storage: .memory, requestTimeout: .seconds(30), writeReports: false, serverLogLevel: .critical)
        _ = try await TournamentRun(configuration: Self.config(output), options: options).run()
        try "ffeeddccbbaa99887766554433221100\n".write(toFile: output + "/seed.key", atomically: true, encoding: .utf8)
        await #expect {
            _ = try await TournamentRun(configuration: Self.config(output), options: options).run()
        } throws: { error in
            "\(error)".contains("\(output)/seed.key holds another seed key than the journal")
        }
    }
}
