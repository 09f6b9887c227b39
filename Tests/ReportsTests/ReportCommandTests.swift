import Foundation
import JSONCoding
import Reports
import SalvoTestSupport
import Testing
import Tournament

/// `salvo report` and `salvo replay` as a user runs them: the real executable on a real
/// journal written by the tournament's `Journal`.
@Suite("salvo report and salvo replay", .serialized, .timeLimit(.minutes(2)))
struct ReportCommandTests {
    /// Runs `salvo ARGUMENTS` to the end off the test pool; returns status, stdout, stderr.
    static func salvo(_ arguments: [String]) async throws -> (status: Int32, out: Data, err: String) {
        let output = try await SalvoExecutable.run(arguments)
        return (output.status, output.outData, output.err)
    }

    /// A run folder whose journal holds the fixture's tournament, as `salvo run` writes it, on
    /// a machine whose sandbox could not enforce `unenforced`.
    static func runFolder(unenforced: [String] = []) async throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-report-\(UUID().uuidString)").path
        let config = Fixtures.config()
        let journal = try Journal(path: folder + "/journal.jsonl")
        try await journal.append(
            .started(
                JournalStart(
                    name: config.name, configurationDigest: ResumeSettings.digest(of: config), totalGames: 6, configuration: config,
                    unenforced: unenforced)))
        for record in Fixtures.finished() {
            try await journal.append(.created(index: record.index, server: record.server, gameId: record.gameId, creatorPlayerId: "p"))
            try await journal.append(.finished(record))
        }
        return folder
    }

    @Test("salvo report writes results.json, index.html, the replays packed with one viewer, and no file per game")
    func report() async throws {
        let folder = try await Self.runFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await Self.salvo(["report", folder])
        #expect(result.status == 0, "\(result.err)")
        #expect(String(decoding: result.out, as: UTF8.self).contains("index.html"))
        let results = try JSONFormat.decoder().decode(ResultsDocument.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/results.json")))
        #expect(results.tournament == "golden" && results.games.count == 6 && results.standings.first?.bot == "alpha")
        let index = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(index.contains("<table id=\"standings\">") && index.contains("href=\"replays/viewer.html#game=5\""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/replays").sorted() == ["pack-0000.js", "viewer.html"])
        // The pack holds every game's replay exactly as the replay builder makes it.
        let packed = try #require(
            ReplayPack.replays(in: Data(contentsOf: URL(fileURLWithPath: folder + "/replays/pack-0000.js")), tournament: "golden"))
        let history = GameHistory(finished: Fixtures.finished())
        #expect(packed == history.games.map { ReplayBuilder.replay(of: $0, tournament: "golden") })
        for game in results.games {
            #expect(game.replayHTML == "replays/viewer.html#game=\(game.index)" && game.replayJSON == nil)
        }
    }

    @Test("salvo report --csv writes standings.csv beside results.json, a row per entry in the standings' order")
    func csv() async throws {
        let folder = try await Self.runFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await Self.salvo(["report", folder, "--csv"])
        #expect(result.status == 0, "\(result.err)")
        #expect(String(decoding: result.out, as: UTF8.self).hasSuffix("Wrote \(folder)/standings.csv\n"))
        let results = try JSONFormat.decoder().decode(ResultsDocument.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/results.json")))
        let csv = try String(contentsOfFile: folder + "/standings.csv", encoding: .utf8)
        let lines = csv.components(separatedBy: "\r\n")
        #expect(lines.first == "rank,name,login,version,rating,interval_low,interval_high,tied_ranks,games,wins,losses,forfeits,note")
        #expect(lines.count == results.standings.count + 2 && lines.last == "", "\(csv)")
        for (line, standing) in zip(lines.dropFirst(), results.standings) {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            #expect(cells.count == 13)
            // Listed bots only here: no login, no version.
            #expect(cells[0] == String(standing.rank) && cells[1] == standing.bot && cells[2] == "" && cells[3] == "")
            #expect(cells[4] == standing.rating.map { String(format: "%.1f", $0.value) } ?? "")
            #expect(cells[7] == standing.tie.map { "\($0.first) to \($0.last)" } ?? "")
            #expect(cells[8...] == [String(standing.games), String(standing.wins), String(standing.losses), String(standing.forfeitCount), ""])
        }
    }

    @Test(
        "what the machine's sandbox could not enforce, recorded in the journal, is in results.json and on index.html; nothing where it enforced everything"
    )
    func unenforcedShown() async throws {
        let sentence = "no cgroups can be made here (rlimits instead): memory is capped per process, not per bot; processes are not capped"
        let folder = try await Self.runFolder(unenforced: [sentence])
        let plain = try await Self.runFolder()
        defer { for path in [folder, plain] { try? FileManager.default.removeItem(atPath: path) } }
        for path in [folder, plain] {
            let result = try await Self.salvo(["report", path])
            #expect(result.status == 0, "\(result.err)")
        }
        let results = try JSONFormat.decoder().decode(ResultsDocument.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/results.json")))
        #expect(results.configuration.unenforced == [sentence])
        let index = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(index.contains("<div id=\"unenforced\"") && index.contains("<li>\(sentence)</li>"))
        let plainResults = try String(contentsOfFile: plain + "/results.json", encoding: .utf8)
        #expect(!plainResults.contains("unenforced"))
        #expect(!(try String(contentsOfFile: plain + "/index.html", encoding: .utf8)).contains("id=\"unenforced\""))
    }

    @Test("salvo report --replay-files also writes every game's replay as replays/NNNN.json, as salvo replay does")
    func replayFiles() async throws {
        let folder = try await Self.runFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await Self.salvo(["report", folder, "--replay-files"])
        #expect(result.status == 0, "\(result.err)")
        let results = try JSONFormat.decoder().decode(ResultsDocument.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/results.json")))
        for game in results.games {
            let file = try #require(game.replayJSON)
            #expect(file == "replays/" + String(format: "%04d", game.index) + ".json")
            let written = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + file))
            let exported = try await Self.salvo(["replay", String(game.index), "--from", folder, "--format", "json"])
            #expect(exported.status == 0 && exported.out == written, "\(exported.err)")
        }
        // A report without the flag removes them again.
        let again = try await Self.salvo(["report", folder])
        #expect(again.status == 0, "\(again.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/replays").sorted() == ["pack-0000.js", "viewer.html"])
    }

    @Test("salvo replay finds a game by server id or schedule index, as JSON on stdout or HTML in a file")
    func replay() async throws {
        let folder = try await Self.runFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let byId = try await Self.salvo(["replay", "g-3-1", "--from", folder, "--format", "json"])
        #expect(byId.status == 0, "\(byId.err)")
        let replay = try JSONFormat.decoder().decode(ReplayDocument.self, from: byId.out)
        #expect(replay.index == 3 && replay.outcome.winner == "alpha")
        let file = folder + "/four.html"
        let byIndex = try await Self.salvo(["replay", "4", "--from", folder, "--format", "html", "--output", file])
        #expect(byIndex.status == 0 && byIndex.out.isEmpty, "\(byIndex.err)")
        let page = try String(contentsOfFile: file, encoding: .utf8)
        #expect(page.contains("id=\"replay\"") && page.contains("\"gameId\":\"g-4-1\""))
        let unknown = try await Self.salvo(["replay", "nope", "--from", folder])
        #expect(unknown.status == 1 && unknown.err.hasPrefix("Error: No game with id or schedule index `nope`"))
    }

    @Test("salvo run ends by writing the reports and says where index.html is")
    func runWritesReports() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-run-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/tiny.yaml"
        try "name: tiny\nbots: [parity, density]\ngames_per_pairing: 2\nconcurrency: 2\nseed: 3\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let run = try await Self.salvo(["run", file, "--output", folder + "/out"])
        #expect(run.status == 0, "\(run.err)")
        #expect(String(decoding: run.out, as: UTF8.self).contains("Report: \(folder)/out/index.html"))
        let results = try JSONFormat.decoder().decode(
            ResultsDocument.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/out/results.json")))
        #expect(results.progress.ratedGames == 2 && results.games.count == 2)
        #expect(FileManager.default.fileExists(atPath: folder + "/out/replays/viewer.html"))
        let replays = try #require(
            ReplayPack.replays(in: Data(contentsOf: URL(fileURLWithPath: folder + "/out/replays/pack-0000.js")), tournament: "tiny"))
        #expect(replays.map(\.index) == [0, 1])
        #expect(replays.allSatisfy { $0.players.allSatisfy { $0.shipCells?.count == 17 && $0.shipsSource == "seed" } })
    }

    @Test("a missing or damaged journal is one clear line on stderr and exit status 1")
    func errors() async throws {
        let missing = try await Self.salvo(["report", "/nonexistent/run"])
        #expect(missing.status == 1)
        #expect(
            missing.err
                == "Error: There is no journal at /nonexistent/run/journal.jsonl; give the output folder of a `salvo run` (the folder that holds journal.jsonl).\n"
        )
        let folder = try await Self.runFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var lines = try String(contentsOfFile: folder + "/journal.jsonl", encoding: .utf8).split(separator: "\n").map(String.init)
        lines.insert("{\"finished\": this is not json", at: 2)
        try (lines.joined(separator: "\n") + "\n").write(toFile: folder + "/journal.jsonl", atomically: true, encoding: .utf8)
        let damaged = try await Self.salvo(["report", folder])
        #expect(damaged.status == 1)
        #expect(
            damaged.err.hasPrefix("Error: The journal \(folder)/journal.jsonl is damaged (") && damaged.err.split(separator: "\n").count == 1,
            "\(damaged.err)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/index.html"))

        // A report that finds the journal damaged leaves the last report's replays as they were.
        let good = try await Self.runFolder()
        defer { try? FileManager.default.removeItem(atPath: good) }
        #expect(try await Self.salvo(["report", good]).status == 0)
        let pack = try Data(contentsOf: URL(fileURLWithPath: good + "/replays/pack-0000.js"))
        let text = try String(contentsOfFile: good + "/journal.jsonl", encoding: .utf8)
        try (text + "{\"type\":\"finished\",\"game\":{\"index\":\"seven\"}}\n{\"type\":\"joined\",\"index\":9,\"joinerPlayerId\":\"p\"}\n")
            .write(toFile: good + "/journal.jsonl", atomically: true, encoding: .utf8)
        #expect(try await Self.salvo(["report", good]).status == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: good + "/replays/pack-0000.js")) == pack)
    }
}
