import Foundation
import SalvoTestSupport
import Testing

/// Issue 43's replay export of a class's season, for real: two nights (a resubmission makes
/// an earlier version's games), published; `salvo replay --all` exports every game of the
/// season, earlier versions' included, from the run's folder and from the published one, each
/// replay naming each seat's version; from the published folder, no login anywhere.
@Suite("Exporting a season's games", .serialized, .timeLimit(.minutes(8)))
struct SeasonExportTests {
    static func json(_ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    @Test("every game of every night, from the run's folder and from the published one, with each seat's version; schemas hold; no login published")
    func season() async throws {
        let logins = ["zqalicelogin", "zqbob-login"]
        let directory = try ClassFolder.make(logins)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try await SalvoExecutable.run(
            ["run", "season.yaml", "--output", "out", "--quiet"], timeout: .seconds(240), workingDirectory: directory)
        #expect(first.status == 0, "\(first.err)")
        try ClassFolder.resubmit("zqalicelogin", in: directory, note: "version 2")
        let second = try await SalvoExecutable.run(
            ["run", "season.yaml", "--output", "out", "--quiet"], timeout: .seconds(240), workingDirectory: directory)
        #expect(second.status == 0, "\(second.err)")
        let publish = try await SalvoExecutable.run(["publish", "out", "pub"], workingDirectory: directory)
        #expect(publish.status == 0, "\(publish.err)")

        for (from, to) in [("out", "export-out"), ("pub", "export-pub")] {
            let export = try await SalvoExecutable.run(["replay", "--all", "--from", from, "--output", to], workingDirectory: directory)
            #expect(export.status == 0, "\(from): \(export.err)")
            let results = try Self.json(directory + "/" + from + "/results.json")
            let games = try #require(results["games"] as? [[String: Any]])
            // Night 1: 3 entries, 6 games; night 2: alice's new version meets the 2 others twice.
            #expect(games.count == 10 && games.filter { $0["countsInStandings"] as? Bool == false }.count == 4, "\(from)")
            #expect(games.map { $0["night"] as? Int } == Array(repeating: 1, count: 6) + Array(repeating: 2, count: 4), "\(from)")

            let rows = try await ProjectPython.csvRows(directory + "/" + to + "/games.csv")
            let shots = try await ProjectPython.csvRows(directory + "/" + to + "/shots.csv")
            #expect(rows.map { $0["game"] } == games.map { ($0["index"] as? Int).map(String.init) }, "\(from): every game, the earlier version's too")
            #expect(rows.map { $0["counts_in_standings"] } == games.map { $0["countsInStandings"] as? Bool == false ? "false" : "true" })
            #expect(rows.map { $0["night"] } == games.map { ($0["night"] as? Int).map(String.init) })
            #expect(shots.count == games.map { $0["moves"] as? Int ?? 0 }.reduce(0, +))
            var replayFiles: [String] = []
            for (row, game) in zip(rows, games) {
                let versions = try #require(game["versions"] as? [String])
                let players = try #require(game["players"] as? [String])
                #expect(
                    [row["seat0_bot"], row["seat1_bot"]] == players.map { Optional($0) }
                        && [row["seat0_version"], row["seat1_version"]] == versions.map { Optional($0) })
                // The replay names the version that played each seat.
                let file = directory + "/" + to + "/" + (row["replay"] ?? "")
                replayFiles.append(file)
                let replay = try Self.json(file)
                let seats = try #require(replay["players"] as? [[String: Any]])
                #expect(seats.map { $0["version"] as? String ?? "" } == versions, "\(from) game \(row["game"] ?? "")")
                #expect(versions.filter { !$0.isEmpty }.count == players.filter { $0 != "random" }.count)
                #expect(shots.filter { $0["game"] == row["game"] }.count == (replay["shots"] as? [Any])?.count)
            }
            let replayErrors = try await ProjectPython.schemaErrors(schema: ProjectPython.schema("replay.schema.json"), documents: replayFiles)
            #expect(replayErrors.isEmpty, "\(replayErrors)")
            let resultErrors = try await ProjectPython.schemaErrors(
                schema: ProjectPython.schema("results.schema.json"), documents: [directory + "/" + from + "/results.json"])
            #expect(resultErrors.isEmpty, "\(resultErrors)")
        }

        // From the published folder, the export names no login: only what the folder holds.
        let exported = try FileManager.default.subpathsOfDirectory(atPath: directory + "/export-pub")
        for file in exported {
            guard let data = FileManager.default.contents(atPath: directory + "/export-pub/" + file) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            for login in logins { #expect(!text.contains(login), "export-pub/\(file) names the login \(login)") }
        }
        // One game from the published folder, as a page naming each seat's version.
        let page = try await SalvoExecutable.run(["replay", "7", "--from", "pub"], workingDirectory: directory)
        #expect(page.status == 0 && page.out.contains(" version "), "\(page.err)")
    }
}
