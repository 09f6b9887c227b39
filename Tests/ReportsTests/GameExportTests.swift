import Foundation
import JSONCoding
import Reports
import SalvoTestSupport
import Testing
import Tournament

/// Issue 43's replay export: `salvo replay --all` writes every game as games.csv, shots.csv
/// and replay files, read back here with Python's own `csv` module; results.json and the
/// replays are checked against reports/schemas with the PyPI package `jsonschema`, and a
/// changed document is shown to fail, so the checks can fail.
@Suite("salvo replay --all and the JSON Schemas", .serialized, .timeLimit(.minutes(3)))
struct GameExportTests {
    /// A bot name a spreadsheet would run as a formula, with a comma, quotes and a newline.
    static let hostile = "=HYPERLINK(\"http://x\"),\"alpha\"\nnext"
    static let names = [hostile, "bravo, the second", "charlie"]
    static let charlieVersion = "3f9c2a1b7d04"

    /// The fixture's records under `names`, charlie's with a version (as a season's submission's).
    static func records(names: [String]) -> [GameRecord] {
        Fixtures.finished(names: names).map { record in
            var record = record
            record.players = record.players.map { player in
                var player = player
                if player.bot == names[2] { player.version = charlieVersion }
                return player
            }
            return record
        }
    }

    /// A run folder whose journal holds the fixture's tournament under `names`.
    static func runFolder(names: [String] = ["alpha", "bravo", "charlie"]) async throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-export-\(UUID().uuidString)").path
        let config = Fixtures.config(names: names)
        let journal = try Journal(path: folder + "/journal.jsonl")
        try await journal.append(
            .started(JournalStart(name: config.name, configurationDigest: ResumeSettings.digest(of: config), totalGames: 6, configuration: config)))
        for record in records(names: names) {
            try await journal.append(.created(index: record.index, server: record.server, gameId: record.gameId, creatorPlayerId: "p"))
            try await journal.append(.finished(record))
        }
        return folder
    }

    static func replay(_ path: String) throws -> ReplayDocument {
        try JSONFormat.decoder().decode(ReplayDocument.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A name as a CSV cell reads back: a formula's first character behind a `'`.
    static func readBack(_ name: String) -> String {
        ["=", "+", "-", "@"].contains(name.first.map(String.init) ?? "") ? "'" + name : name
    }

    @Test("every game exported: the tables read back with Python's csv module, a row per game and per shot, hostile names safe")
    func tablesReadBack() async throws {
        let folder = try await Self.runFolder(names: Self.names)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let export = folder + "/export"
        let result = try await SalvoExecutable.run(["replay", "--all", "--from", folder, "--output", export])
        #expect(result.status == 0, "\(result.err)")
        let counted = GameHistory(finished: Self.records(names: Self.names)).games
        let shotCount = counted.map(\.shots.count).reduce(0, +)
        // Both seats' shots added up are moves: "shots" counts one player's (docs/output.md, "Words").
        #expect(
            result.out
                == "Exported 6 games (\(shotCount) moves): \(export)/games.csv, \(export)/shots.csv (a row per move) and 6 replays in \(export)/replays/.\n"
        )

        let games = try await ProjectPython.csvRows(export + "/games.csv")
        let shots = try await ProjectPython.csvRows(export + "/shots.csv")
        #expect(games.count == counted.count && shots.count == shotCount)
        #expect(Set(games.first?.keys.map { $0 } ?? []) == Set(GamesCSV.header))
        #expect(Set(shots.first?.keys.map { $0 } ?? []) == Set(ShotsCSV.header))
        #expect(games.map { $0["game"] } == counted.map { String($0.index) })
        for (row, record) in zip(games, counted) {
            let replay = try Self.replay(export + "/" + (row["replay"] ?? ""))
            #expect(replay == ReplayBuilder.replay(of: record, tournament: "golden"))
            // The bots' names come back whole: commas, quotes and the newline kept, a formula neutralised.
            #expect(row["seat0_bot"] == Self.readBack(record.players[0].bot) && row["seat1_bot"] == Self.readBack(record.players[1].bot))
            #expect(row["seat0_version"] == (record.players[0].version ?? "") && row["seat1_version"] == (record.players[1].version ?? ""))
            #expect(row["termination"] == record.termination.rawValue && row["winner_seat"] == (record.winner.map { String($0.index) } ?? ""))
            #expect(row["moves"] == String(record.shots.count) && row["shots"] == nil)
            #expect(row["winner_shots"] == (record.winner.map { String(record.shotCount(of: $0)) } ?? ""))
            #expect(row["seat0_shots"] == String(record.shotCount(of: .one)) && row["seat1_shots"] == String(record.shotCount(of: .two)))
            #expect(row["started_at"]?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)
            #expect(row["attempts"] == (record.index == 2 ? "2" : "1") && row["counts_in_standings"] == "true" && row["night"] == "")
            // One shot row per shot of the replay, in order, with the firing seat's bot and version.
            let rows = shots.filter { $0["game"] == row["game"] }
            #expect(rows.count == replay.shots.count)
            for (number, (shotRow, shot)) in zip(rows, replay.shots).enumerated() {
                let player = replay.players[shot.seat.index]
                #expect(shotRow["move"] == String(number + 1) && shotRow["seat"] == String(shot.seat.index))
                #expect(shotRow["bot"] == Self.readBack(player.bot) && shotRow["version"] == (player.version ?? ""))
                #expect(shotRow["x"] == String(shot.x) && shotRow["y"] == String(shot.y) && shotRow["result"] == shot.result)
                #expect(shotRow["sunk"] == (shot.sunk > 0 ? String(shot.sunk) : "") && shotRow["time_ms"] == String(shot.atMilliseconds))
            }
        }
        #expect(games.contains { $0["seat0_bot"] == "'" + Self.hostile }, "the hostile name reads back as one cell, neutralised")
        #expect(shots.contains { $0["version"] == Self.charlieVersion })

        // The same replay as `salvo replay N` exports, byte for byte.
        let one = try await SalvoExecutable.run(["replay", "3", "--from", folder, "--format", "json"])
        let file = try Data(contentsOf: URL(fileURLWithPath: export + "/replays/0003.json"))
        #expect(one.status == 0 && one.outData == file, "\(one.err)")
    }

    @Test("results.json, the replays and the exported replays pass their schemas; a renamed, missing or mistyped member fails")
    func schemas() async throws {
        let folder = try await Self.runFolder(names: Self.names)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let report = try await SalvoExecutable.run(["report", folder, "--replay-files"])
        #expect(report.status == 0, "\(report.err)")
        let export = try await SalvoExecutable.run(["replay", "--all", "--from", folder, "--output", folder + "/export"])
        #expect(export.status == 0, "\(export.err)")
        let results = try await ProjectPython.schemaErrors(schema: ProjectPython.schema("results.schema.json"), documents: [folder + "/results.json"])
        #expect(results.isEmpty, "\(results)")
        let replayFiles = try FileManager.default.contentsOfDirectory(atPath: folder + "/replays").filter { $0.hasSuffix(".json") }.map {
            folder + "/replays/" + $0
        }
        let exported = try FileManager.default.contentsOfDirectory(atPath: folder + "/export/replays").map { folder + "/export/replays/" + $0 }
        #expect(replayFiles.count == 6 && exported.count == 6)
        let replays = try await ProjectPython.schemaErrors(schema: ProjectPython.schema("replay.schema.json"), documents: replayFiles + exported)
        #expect(replays.isEmpty, "\(replays)")

        // Changed documents fail: the checks can fail.
        func mutated(_ path: String, _ change: (inout [String: Any]) -> Void) throws -> String {
            var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            change(&object)
            let out = folder + "/mutated-\(UUID().uuidString).json"
            try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: out))
            return out
        }
        let renamed = try mutated(folder + "/results.json") { results in
            var standings = results["standings"] as? [[String: Any]] ?? []
            standings[0]["name"] = standings[0].removeValue(forKey: "bot")
            results["standings"] = standings
        }
        let noOutcome = try mutated(exported[0]) { $0.removeValue(forKey: "outcome") }
        let badShot = try mutated(exported[0]) { replay in
            var shots = replay["shots"] as? [[String: Any]] ?? []
            shots[0]["result"] = "splash"
            replay["shots"] = shots
        }
        let renamedErrors = try await ProjectPython.schemaErrors(schema: ProjectPython.schema("results.schema.json"), documents: [renamed])
        #expect(renamedErrors.contains { $0.contains("/standings/0") && $0.contains("'bot' is a required property") }, "\(renamedErrors)")
        #expect(renamedErrors.contains { $0.contains("'name' was unexpected") }, "\(renamedErrors)")
        let replayErrors = try await ProjectPython.schemaErrors(schema: ProjectPython.schema("replay.schema.json"), documents: [noOutcome, badShot])
        #expect(replayErrors.contains { $0.hasPrefix(noOutcome) && $0.contains("'outcome' is a required property") }, "\(replayErrors)")
        #expect(replayErrors.contains { $0.hasPrefix(badShot) && $0.contains("/shots/0/result") }, "\(replayErrors)")
    }

    @Test("salvo replay works from a published folder: one game, every game, with what the folder holds (no ids)")
    func fromPublished() async throws {
        let folder = try await Self.runFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let published = folder + "-public"
        defer { try? FileManager.default.removeItem(atPath: published) }
        let publish = try await SalvoExecutable.run(["publish", folder, published])
        #expect(publish.status == 0, "\(publish.err)")
        #expect(!FileManager.default.fileExists(atPath: published + "/journal.jsonl"))

        let one = try await SalvoExecutable.run(["replay", "3", "--from", published, "--format", "json"])
        #expect(one.status == 0, "\(one.err)")
        let replay = try JSONFormat.decoder().decode(ReplayDocument.self, from: one.outData)
        let record = try #require(GameHistory(finished: Self.records(names: ["alpha", "bravo", "charlie"])).game(index: 3))
        var expected = ReplayBuilder.replay(of: PublicRedaction(runFolder: folder).apply(to: record), tournament: "golden")
        expected.startedAt = replay.startedAt
        #expect(replay == expected && replay.gameId == "" && replay.server == "")
        let page = try await SalvoExecutable.run(["replay", "4", "--from", published])
        #expect(page.status == 0 && page.out.contains("id=\"replay\""), "\(page.err)")
        let unknown = try await SalvoExecutable.run(["replay", "99", "--from", published])
        #expect(
            unknown.status == 1
                && unknown.err
                    == "Error: No game with schedule index `99` has a replay in the folder of \(published)/results.json; its games' indices are the `index` of results.json's games (a published folder keeps no game ids).\n"
        )

        let export = folder + "-export"
        defer { try? FileManager.default.removeItem(atPath: export) }
        let all = try await SalvoExecutable.run(["replay", "--all", "--from", published, "--output", export])
        #expect(all.status == 0, "\(all.err)")
        let games = try await ProjectPython.csvRows(export + "/games.csv")
        let results = try JSONFormat.decoder().decode(ResultsDocument.self, from: Data(contentsOf: URL(fileURLWithPath: published + "/results.json")))
        #expect(games.map { $0["game"] } == results.games.map { String($0.index) })
        #expect(games.allSatisfy { $0["game_id"] == "" })
        let errors = try await ProjectPython.schemaErrors(
            schema: ProjectPython.schema("results.schema.json"), documents: [published + "/results.json"])
        #expect(errors.isEmpty, "\(errors)")

        // A folder with neither a journal nor a publication, and a folder that is not an export.
        let nothing = try await SalvoExecutable.run(["replay", "--all", "--from", export + "/replays", "--output", folder + "/x"])
        #expect(
            nothing.status == 1 && nothing.err.contains("There is no journal (\(export)/replays/journal.jsonl) and no published report"),
            "\(nothing.err)")
        let occupied = try await SalvoExecutable.run(["replay", "--all", "--from", folder, "--output", published])
        #expect(occupied.status == 1 && occupied.err.contains("\(published) is not empty and holds no earlier export"), "\(occupied.err)")
        // An earlier export is replaced: its replay files go first.
        try Data("{}".utf8).write(to: URL(fileURLWithPath: export + "/replays/0099.json"))
        let again = try await SalvoExecutable.run(["replay", "--all", "--from", folder, "--output", export])
        #expect(again.status == 0, "\(again.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: export + "/replays").sorted() == (0..<6).map { String(format: "%04d.json", $0) })
    }

    @Test("a Swiss tournament's results.json, played for real, passes results.schema.json, and its games export")
    func swiss() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-swiss-export-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try
            "name: swiss\nformat: swiss\nrounds: 2\nbots: [random, parity, density, champion, admiral]\ngames_per_pairing: 1\nconcurrency: 2\nseed: 5\n"
            .write(toFile: folder + "/swiss.yaml", atomically: true, encoding: .utf8)
        let run = try await SalvoExecutable.run(["run", folder + "/swiss.yaml", "--output", folder + "/out", "--quiet"])
        #expect(run.status == 0, "\(run.err)")
        let results = try JSONFormat.decoder().decode(
            ResultsDocument.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/out/results.json")))
        #expect(results.swiss?.rounds.count == 2 && results.swiss?.rounds.first?.bye != nil)
        let errors = try await ProjectPython.schemaErrors(
            schema: ProjectPython.schema("results.schema.json"), documents: [folder + "/out/results.json"])
        #expect(errors.isEmpty, "\(errors)")
        let export = try await SalvoExecutable.run(["replay", "--all", "--from", folder + "/out", "--output", folder + "/export"])
        #expect(export.status == 0, "\(export.err)")
        let games = try await ProjectPython.csvRows(folder + "/export/games.csv")
        #expect(games.map { $0["game"] } == results.games.map { String($0.index) })
    }

    @Test("--all wants --output and no GAME_ID; a GAME_ID is needed without it")
    func usage() async throws {
        let both = try await SalvoExecutable.run(["replay", "3", "--all", "--from", "x", "--output", "y"])
        #expect(both.status == 64 && both.err.contains("either a GAME_ID or --all"), "\(both.err)")
        let noOutput = try await SalvoExecutable.run(["replay", "--all", "--from", "x"])
        #expect(noOutput.status == 64 && noOutput.err.contains("--output"), "\(noOutput.err)")
        let neither = try await SalvoExecutable.run(["replay", "--from", "x"])
        #expect(neither.status == 64 && neither.err.contains("Please give a GAME_ID"), "\(neither.err)")
    }
}
