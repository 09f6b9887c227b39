import Foundation
import JSONCoding
import Reports
import Testing
import Tournament

/// The report written a game at a time (ReportWriter, ResultsGamesWriter) against the report
/// built whole in memory (ResultsBuilder, IndexPage, BotPage): the same bytes.
@Suite("The streamed report")
struct StreamedReportTests {
    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("salvo-streamed-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test(
        "results.json written game by game is byte for byte the document built whole, hostile names and reasons included",
        arguments: [
            ["alpha", "bravo", "charlie"],
            ["<script>alert(1)</script>", "\"quoted\" & 'single' <b>", "tab\tand\nnewline \\ ünïcode 名前"],
        ])
    func sameResults(names: [String]) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var finished = Fixtures.finished(names: names)
        finished[1].reason = "said \"A11\"\tthen\u{1}quit \\ ok / é"
        let journal = RunJournal(configuration: Fixtures.config(names: names), finished: finished)
        try ReportWriter.write(journal: journal, directory: folder, generatedAt: Fixtures.generatedAt)
        let whole = ResultsBuilder.build(config: journal.configuration, finished: finished, generatedAt: Fixtures.generatedAt)
        let written = try Data(contentsOf: URL(fileURLWithPath: folder + "/results.json"))
        #expect(written == (try JSONFormat.file(whole)))
        #expect(try JSONFormat.decoder().decode(ResultsDocument.self, from: written) == whole)
        // The index and every bot page as the whole document renders them (but the games list, the same rows).
        let index = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(index == IndexPage.render(whole))
        #expect(!FileManager.default.fileExists(atPath: folder + "/results.json.games"))
    }

    @Test("a run of many games: results.json, the pages of games and the packs, from a stream of the journal file")
    func journalFile() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let names = (0..<12).map { "bot-\($0)" }
        var config = Fixtures.config(names: names)
        config.bots = names.map { BotEntry(name: $0, kind: .builtin(.density)) }
        config.gamesPerPairing = 80
        config.sprt = nil
        var records: [GameRecord] = []
        for round in 0..<40 {
            for first in names.indices {
                for second in (first + 1)..<names.count {
                    let index = records.count
                    records.append(
                        Fixtures.game(
                            index, names[round % 2 == 0 ? first : second], names[round % 2 == 0 ? second : first], winnerSeat: index % 2,
                            winnerMisses: 20 + index % 17))
                }
            }
        }
        // A no-result attempt of game 7 written after its rated one does not replace it.
        var retry = records[7]
        retry.termination = .noResult
        retry.winner = nil
        let journal = try Journal(path: folder + "/journal.jsonl")
        try await journal.append(
            .started(JournalStart(name: config.name, configurationDigest: "d", totalGames: records.count, configuration: config)))
        for record in records { try await journal.append(.finished(record)) }
        try await journal.append(.finished(retry))

        let written = try ReportWriter.write(directory: folder, generatedAt: Fixtures.generatedAt)
        #expect(written.replayCount == records.count && written.botPageCount == 12)
        let history = GameHistory(finished: records + [retry])
        let whole = ResultsBuilder.build(config: config, history: history, generatedAt: Fixtures.generatedAt)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/results.json")) == (try JSONFormat.file(whole)))
        #expect(whole.games[7].attempts == 2 && whole.games[7].termination == "win")
        // 2,640 games: two pages of games, three packs, every replay as the builder makes it.
        #expect(GamesPage.pageCount(gameCount: records.count) == 2)
        for number in 1...2 {
            #expect(try String(contentsOfFile: folder + "/games/00\(number).html", encoding: .utf8) == GamesPage.render(whole, number: number))
        }
        var packed: [ReplayDocument] = []
        for number in 0..<3 {
            let file = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + ReportLayout.pack(number: number)))
            packed += try #require(ReplayPack.replays(in: file, tournament: config.name))
        }
        #expect(packed == history.games.map { ReplayBuilder.replay(of: $0, tournament: config.name) })
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/replays").sorted()
        #expect(files == ["pack-0000.js", "pack-0001.js", "pack-0002.js", "viewer.html"])
    }
}
