import BattleshipClient
import CurlHTTP
import Foundation
import SalvoTestSupport
import Testing

/// What scripts read: `salvo run --summary`, and `--json` on `games`, `lobby` and `show`,
/// parsed back as a script parses them.
@Suite("Output for scripts", .serialized, .timeLimit(.minutes(3)))
struct ScriptOutputTests {
    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func array(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    @Test("run --summary writes the run's figures as JSON, equal to its table; games --json lists each game")
    func runSummaryAndGames() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-summary-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        try "name: scripted\nbots: [density, parity]\ngames_per_pairing: 4\nconcurrency: 2\n".write(
            toFile: base + "/t.yaml", atomically: true, encoding: .utf8)
        let run = try await SalvoExecutable.run(["run", base + "/t.yaml", "--output", base + "/out", "--summary", base + "/summary.json"])
        #expect(run.status == 0, "\(run.err)")
        let summary = try Self.object(try String(contentsOfFile: base + "/summary.json", encoding: .utf8))
        #expect(summary["complete"] as? Bool == true && summary["exitStatus"] as? Int == 0)
        #expect(summary["scheduledGames"] as? Int == 4 && summary["ratedGames"] as? Int == 4 && summary["missingGames"] as? Int == 0)
        #expect((summary["salvoVersion"] as? String)?.isEmpty == false)
        let index = try #require(summary["reportIndex"] as? String)
        #expect(FileManager.default.fileExists(atPath: index))
        let standings = try #require(summary["standings"] as? [[String: Any]])
        #expect(standings.map { $0["rank"] as? Int } == [1, 2])
        #expect(standings.compactMap { $0["wins"] as? Int }.reduce(0, +) == 4 && standings.allSatisfy { $0["games"] as? Int == 4 })
        // The same bot leads the printed table.
        let leader = try #require(standings.first?["bot"] as? String)
        let tableLines = run.out.split(separator: "\n").filter { $0.contains("density") || $0.contains("parity") }
        #expect(tableLines.first?.contains(leader) == true, "\(run.out)")
        // The header is a note (stderr); the table and where the results are, results (stdout).
        #expect(
            run.err.contains("Tournament scripted: 2 bots, round-robin, 4 games per pairing, on http://") && !run.out.contains("Tournament scripted"),
            "\(run.err)")
        #expect(run.out.contains("4 of 4 games rated. Journal: ") && run.out.contains("Report: "), "\(run.out)")

        let games = try await SalvoExecutable.run(["games", base + "/out", "--json"])
        #expect(games.status == 0, "\(games.err)")
        let rows = try Self.array(games.out)
        #expect(rows.compactMap { $0["index"] as? Int }.sorted() == [0, 1, 2, 3])
        #expect(
            rows.allSatisfy {
                $0["termination"] as? String == "win" && ($0["bots"] as? [String]).map(Set.init) == ["density", "parity"]
                    && ($0["moves"] as? Int ?? 0) >= 34 && ($0["winnerShots"] as? Int ?? 0) >= 17
            })
    }

    @Test(
        "the run's header says how each format plays, word for word: a gauntlet, Swiss rounds, an SPRT match",
        arguments: [
            (
                "name: g\nformat: gauntlet\nbots: [density, parity, random]\nconcurrency: 2\n",
                "Tournament g: 3 bots, gauntlet, 2 games per pairing, on http://"
            ),
            (
                "name: s\nformat: swiss\nrounds: 1\nbots: [density, parity, random, hunt-target]\nconcurrency: 2\n",
                "Tournament s: 4 bots, swiss, 1 rounds, 2 games per pairing, on http://"
            ),
            (
                "name: t\nbots: [density, random]\ngames_per_pairing: 2\nsprt: {elo0: 0, elo1: 50}\n",
                "Tournament t: an SPRT match of density against random, up to 2 games, on http://"
            ),
        ])
    func headerOfEachFormat(file: String, header: String) async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-header-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        try file.write(toFile: base + "/t.yaml", atomically: true, encoding: .utf8)
        let run = try await SalvoExecutable.run(["run", base + "/t.yaml", "--output", base + "/out"])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err.contains(header), "\(run.err)")
    }

    @Test("lobby --json and show --json give a waiting game's id, name, status and players")
    func lobbyAndShowJSON() async throws {
        try await withRunning(CommandTests.quietServer()) { server in
            let gameId = try await CurlHTTPClient.withClient { http in
                let client = BattleshipAPIClient(baseURL: server.baseURL, http: http, configuration: .init(requestTimeout: .seconds(30)))
                return try await client.create(gameName: "json test", playerName: "ann").gameId
            }
            let lobby = try await SalvoExecutable.run(["lobby", "--server", server.baseURL, "--json"])
            #expect(lobby.status == 0, "\(lobby.err)")
            let rows = try Self.array(lobby.out)
            #expect(rows.count == 1 && rows[0]["id"] as? String == gameId && rows[0]["name"] as? String == "json test")
            #expect(rows[0]["status"] as? String == "WAITING" && rows[0]["player1"] as? String == "ann" && rows[0]["missilesLaunched"] as? Int == 0)
            let shown = try await SalvoExecutable.run(["show", gameId, "--server", server.baseURL, "--json"])
            #expect(shown.status == 0, "\(shown.err)")
            let game = try Self.object(shown.out)
            #expect(
                game["id"] as? String == gameId && game["status"] as? String == "WAITING" && game["player2"] as? String == "" && game["winner"] == nil
            )
        }
    }

    @Test(
        "match A B: an external bot against a built-in with no tournament file, mirrored pairs, the run's table and summary; two of one built-in are told apart; a bot that is neither is refused"
    )
    func quickMatch() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-match-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let match = try await SalvoExecutable.run(
            ["match", "cmd=python3 \(root)/bots/python/random_bot.py", "density", "--games", "4", "--summary", base + "/s.json", "--no-sandbox"],
            workingDirectory: base
        )
        #expect(match.status == 0, "\(match.err)")
        #expect(match.err.contains("Tournament match-random_bot-vs-density: 2 bots"), "\(match.err)")
        let summary = try Self.object(try String(contentsOfFile: base + "/s.json", encoding: .utf8))
        #expect(summary["complete"] as? Bool == true && summary["ratedGames"] as? Int == 4)
        #expect(Set((summary["standings"] as? [[String: Any]])?.compactMap { $0["bot"] as? String } ?? []) == ["random_bot", "density"])
        let games = try Self.array(try await SalvoExecutable.run(["games", base + "/reports/match-random_bot-vs-density", "--json"]).out)
        // Mirrored: each bot created (moved first in) two of the four games.
        #expect(games.filter { ($0["bots"] as? [String])?.first == "density" }.count == 2, "\(games)")

        let twins = try await SalvoExecutable.run(["match", "parity", "parity", "--games", "2", "--output", base + "/twins"])
        #expect(twins.status == 0 && twins.out.contains("parity-1") && twins.out.contains("parity-2"), "\(twins.out)\(twins.err)")
        let bad = try await SalvoExecutable.run(["match", "densiti", "parity"])
        #expect(
            bad.status == 64
                && bad.err.contains("as a built-in (random, hunt-target, parity, density, champion, admiral) or as cmd=COMMAND, not densiti"),
            "\(bad.err)")
    }

    @Test(
        "--quiet: run, report, bench and check print their results on stdout and nothing on stderr; without it the notes go to stderr (docs/output.md)"
    )
    func quietCommands() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-quiet-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        try "name: hushed\nbots: [density, parity]\ngames_per_pairing: 2\nconcurrency: 2\n".write(
            toFile: base + "/t.yaml", atomically: true, encoding: .utf8)
        let run = try await SalvoExecutable.run(["run", base + "/t.yaml", "--output", base + "/out", "--quiet"])
        #expect(run.status == 0 && run.err.isEmpty, "stderr: \(run.err)")
        #expect(run.out.contains("2 of 2 games rated. Journal: ") && !run.out.contains("Tournament hushed"), "\(run.out)")

        let report = try await SalvoExecutable.run(["report", base + "/out", "--quiet"])
        #expect(report.status == 0 && report.err.isEmpty && report.out.hasPrefix("Wrote "), "\(report.out)\(report.err)")
        let noisyReport = try await SalvoExecutable.run(["report", base + "/out"])
        #expect(noisyReport.err.isEmpty && noisyReport.out == report.out, "\(noisyReport.err)")

        let bench = try await SalvoExecutable.run(["bench", "density", "--games", "20", "--quiet"])
        #expect(bench.status == 0 && bench.err.isEmpty, "\(bench.err)")
        #expect(bench.out.hasPrefix("bot ") && bench.out.contains("\ndensity "), "\(bench.out)")

        let check = try await SalvoExecutable.run(["check", "--server", "embedded", "--only", "guess", "--quiet"])
        #expect(check.status == 0 && check.err.isEmpty, "\(check.err)")
        #expect(!check.out.contains("PASS  ") && check.out.contains(" checks: ") && check.out.contains("The server conforms"), "\(check.out)")
    }
}
