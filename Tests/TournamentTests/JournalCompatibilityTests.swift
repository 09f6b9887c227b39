import BattleshipRules
import Bots
import Foundation
import SalvoTestSupport
import SalvoVersion
import Testing

@testable import Tournament

/// Journals written by the release before layout 2 (Tests/TournamentTests/Fixtures/v1, made
/// by that release's `salvo run` from the .yaml files beside them) still load, report and
/// continue.
@Suite("Journals of layout version 1", .serialized, .timeLimit(.minutes(2)))
struct JournalCompatibilityTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static func fixture(_ name: String) -> String { root.appendingPathComponent("Tests/TournamentTests/Fixtures/v1/\(name)").path }

    /// A run folder in /tmp holding a copy of the fixture's journal; the test removes it.
    static func folder(with journal: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-v1-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture(journal), toPath: folder + "/journal.jsonl")
        return folder
    }

    @Test("a version-1 journal reads into the configuration and records it was written with")
    func readsVersion1() throws {
        let classroom = try Journal.read(path: Self.fixture("classroom.journal.jsonl"))
        guard case .started(let start)? = classroom.first else {
            Issue.record("no started line")
            return
        }
        let config = start.configuration
        #expect(config.name == "fixture-v1" && config.seed == 2026 && config.gamesPerPairing == 2 && config.rateLimit == 500)
        #expect(config.bots.map(\.name) == ["density", "hunter", "py-random \"quoted\" ü", "crasher"])
        #expect(config.bots[1].kind == .builtin(.huntTarget))
        #expect(
            config.bots[2].kind
                == .external(
                    ExternalBotSpec(command: ["/usr/bin/python3", "bots/python/random_bot.py"], moveDeadline: .seconds(2), restart: .perGame)))
        let records = classroom.compactMap { entry -> GameRecord? in if case .finished(let record) = entry { record } else { nil } }
        #expect(records.count == 12)
        #expect(records.filter { $0.forfeitKind == .crash }.count == 6)
        #expect(records.allSatisfy { $0.winner != nil && $0.players.count == 2 && !$0.shots.isEmpty || $0.termination == .forfeit })

        let sprt = try Journal.read(path: Self.fixture("sprt.journal.jsonl"))
        guard case .started(let sprtStart)? = sprt.first else {
            Issue.record("no started line")
            return
        }
        let sprtConfig = sprtStart.configuration
        #expect(sprtConfig.format == .gauntlet && sprtConfig.server == .url("http://127.0.0.1:18181"))
        #expect(sprtConfig.sprt == SPRTSettings(elo0: 0, elo1: 150, alpha: 0.1, beta: 0.2))
        #expect(sprtConfig.stallTimeout == .milliseconds(30_500) && sprtConfig.pollInterval == .milliseconds(100) && !sprtConfig.wakeLocalOpponent)
    }

    @Test("a version-1 run keeps the seeds it was played with: its schedule, rebuilt, gives the fleets recorded")
    func version1KeepsItsSeeds() throws {
        let entries = try Journal.read(path: Self.fixture("classroom.journal.jsonl"))
        guard case .started(let start)? = entries.first else {
            Issue.record("no started line")
            return
        }
        #expect(start.configuration.context.seedDerivation == .mixed)
        let schedule = RoundRobinScheduler(config: start.configuration).schedule.games
        var keyed = start.configuration
        keyed.context.seedDerivation = .keyed
        let keyedSchedule = RoundRobinScheduler(config: keyed).schedule.games
        for case .finished(let record) in entries {
            #expect(record.player(.one).boardSeed == schedule[record.index].creatorSeed)
            #expect(record.player(.two).boardSeed == schedule[record.index].joinerSeed)
            #expect(record.player(.one).boardSeed != keyedSchedule[record.index].creatorSeed)
        }
    }

    @Test(
        "salvo report rebuilds a version-1 run's results.json as that release wrote it, plus the sandbox settings added since",
        arguments: ["classroom", "sprt"])
    func reportRebuildsVersion1(name: String) async throws {
        let folder = try Self.folder(with: "\(name).journal.jsonl")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = try await SalvoExecutable.run(["report", folder])
        #expect(output.status == 0, "\(output.err)")
        var rebuilt = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/results.json"))) as? [String: Any])
        var original = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.fixture("\(name).results.json")))) as? [String: Any])
        rebuilt["generatedAt"] = nil
        original["generatedAt"] = nil
        // Added since that release: the version of Salvo that wrote the report (checked, then set aside).
        #expect((rebuilt["salvoVersion"] as? String) == SalvoVersion.text, "\(rebuilt["salvoVersion"] ?? "none")")
        rebuilt["salvoVersion"] = nil
        // Added since that release: each external bot's sandbox, limits and restart (checked, then set aside).
        if var configuration = rebuilt["configuration"] as? [String: Any], let bots = configuration["bots"] as? [[String: Any]] {
            for bot in bots where bot["kind"] as? String == "external" {
                #expect(bot["sandbox"] as? String == "bubblewrap" && bot["limits"] != nil)
            }
            configuration["bots"] = bots.map { $0.filter { !["sandbox", "limits", "readOnly", "restart"].contains($0.key) } }
            rebuilt["configuration"] = configuration
        }
        // Changed since (results.json's schema version 2): each game's replay is in the packed
        // viewer, not a file of its own (checked, then set aside).
        #expect(rebuilt["schemaVersion"] as? Int == 2 && original["schemaVersion"] as? Int == 1)
        rebuilt["schemaVersion"] = nil
        original["schemaVersion"] = nil
        let games = rebuilt["games"] as? [[String: Any]] ?? []
        #expect(
            !games.isEmpty
                && games.allSatisfy {
                    ($0["replayHTML"] as? String) == "replays/viewer.html#game=\($0["index"] as? Int ?? -1)" && $0["replayJSON"] == nil
                })
        // winnerShots is new in 0.4: the winner's own shots, turns alternating from seat 0; the
        // game's length, that release's `shots`, is `moves` ("shots" counts one player's).
        #expect(
            games.allSatisfy { game in
                guard let seat = game["winnerSeat"] as? Int, let moves = game["moves"] as? Int else { return game["winnerShots"] == nil }
                return game["shots"] == nil && game["winnerShots"] as? Int == (seat == 0 ? (moves + 1) / 2 : moves / 2)
            })
        original["games"] = (original["games"] as? [[String: Any]])?.map { game in
            var game = game
            if let shots = game.removeValue(forKey: "shots") { game["moves"] = shots }
            return game
        }
        for key in ["replayHTML", "replayJSON", "winnerShots"] {
            rebuilt["games"] = (rebuilt["games"] as? [[String: Any]])?.map { $0.filter { $0.key != key } }
            original["games"] = (original["games"] as? [[String: Any]])?.map { $0.filter { $0.key != key } }
        }
        // Each standing's statistical tie is new in 0.4 (Tests/ReportsTests/StandingTiesTests).
        rebuilt["standings"] = (rebuilt["standings"] as? [[String: Any]])?.map { $0.filter { $0.key != "tie" } }
        #expect(NSDictionary(dictionary: rebuilt).isEqual(to: original))
        // The report reads the journal; it does not rewrite it.
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: folder + "/journal.jsonl"))
                == Data(contentsOf: URL(fileURLWithPath: Self.fixture("\(name).journal.jsonl"))))
    }

    @Test(
        "salvo run continues a version-1 journal: rewritten in layout 3, the original kept, nothing played twice; another configuration is refused in one line"
    )
    func runContinuesVersion1() async throws {
        let folder = try Self.folder(with: "classroom.journal.jsonl")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The fixture's bots have paths relative to the project's root; run from there.
        let file = Self.fixture("classroom.yaml")
        let refused = try await SalvoExecutable.run(["run", file, "--output", folder, "--games", "4"], workingDirectory: Self.root.path)
        #expect(refused.status == 1)
        #expect(refused.err.split(separator: "\n").count == 1)
        #expect(refused.err.contains("(games_per_pairing: the journal's run has 2, this one 4)"), "\(refused.err)")
        // The journal was played before clocks: without the file's `time_control: none`, the
        // rest would be played on the default clock, and the run refuses, naming it.
        let clocked = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-v1-clocked-\(UUID().uuidString).yaml").path
        defer { try? FileManager.default.removeItem(atPath: clocked) }
        try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "time_control: none", with: "#").write(
            toFile: clocked, atomically: true, encoding: .utf8)
        let unclocked = try await SalvoExecutable.run(["run", clocked, "--output", folder], workingDirectory: Self.root.path)
        #expect(unclocked.status == 1)
        #expect(unclocked.err.contains("(time_control: the journal's run has none, this one 10+0.1)"), "\(unclocked.err)")

        let continued = try await SalvoExecutable.run(["run", file, "--output", folder], workingDirectory: Self.root.path)
        #expect(continued.status == 0, "\(continued.err)")
        #expect(continued.out.contains("12 of 12 games rated"))
        let backup = try Data(contentsOf: URL(fileURLWithPath: folder + "/journal.v1.jsonl"))
        #expect(backup == (try Data(contentsOf: URL(fileURLWithPath: Self.fixture("classroom.journal.jsonl")))))
        let upgraded = try String(contentsOfFile: folder + "/journal.jsonl", encoding: .utf8)
        #expect(upgraded.hasPrefix(#"{"type":"started","schemaVersion":3,"#))
        #expect(!upgraded.contains("\"_0\""))
        #expect(upgraded.contains(#""seedDerivation":"mix""#))
        let before = try Journal.read(path: Self.fixture("classroom.journal.jsonl"))
        #expect(try Journal.read(path: folder + "/journal.jsonl") == before)
    }
}
