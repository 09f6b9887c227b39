import Foundation
import Reports
import Testing
import Tournament

/// No page of a large run is over 5 MB: 150 bots in a round robin (11,175 games, so a
/// 150 × 150 crosstable and the games' pages) plus 1,000 more games of one pairing (a bot
/// page with 1,149 games, about what a 100,000-game run gives each of its 200 bots).
/// benchmarks/report-100k.sh checks the full size.
@Suite("Page sizes of a large run")
struct PageSizeTests {
    static let limit = 5 * 1024 * 1024

    static func run() -> (ResultsDocument, GameHistory) {
        let names = (0..<150).map { String(format: "bot-with-a-longish-name-%03d", $0) }
        var config = Fixtures.config(names: names)
        config.bots = names.enumerated().map { BotEntry(name: $1, kind: .builtin([.density, .parity, .random][$0 % 3])) }
        config.gamesPerPairing = 1
        config.sprt = nil
        var records: [GameRecord] = []
        for first in names.indices {
            for second in (first + 1)..<names.count {
                records.append(
                    Fixtures.game(
                        records.count, names[first], names[second], winnerSeat: (first * 7 + second) % 2, winnerMisses: 20 + records.count % 30))
            }
        }
        for _ in 0..<1_000 {
            records.append(Fixtures.game(records.count, names[0], names[1], winnerSeat: records.count % 2, winnerMisses: 25))
        }
        let history = GameHistory(finished: records)
        return (ResultsBuilder.build(config: config, history: history, generatedAt: Fixtures.generatedAt), history)
    }

    @Test(
        "index.html stays under 1 MB, every page of games, the tables' pages and the busiest bot's page under 5 MB; the index lists pages, not 12,175 games"
    )
    func pagesUnderFiveMegabytes() throws {
        let (results, history) = Self.run()
        #expect(results.games.count == 12_175)
        let index = IndexPage.render(results)
        #expect(index.utf8.count < 1 << 20, "index.html: \(index.utf8.count) bytes")
        #expect(!index.contains("class=\"replay-link\""), "the index lists no game one by one")
        #expect(
            !index.contains("<table id=\"crosstable\">") && index.contains("href=\"crosstable.html\""),
            "150 bots: the crosstable has a page of its own")
        for page in [TablePage.crosstable(results), TablePage.superiority(results)] {
            #expect(page.utf8.count < Self.limit, "a table's page: \(page.utf8.count) bytes")
        }
        #expect(TablePage.crosstable(results).components(separatedBy: "<tr><td class=\"bot\">").count - 1 == 150)
        let pages = GamesPage.pageCount(gameCount: results.games.count)
        #expect(pages == 7)
        #expect(index.components(separatedBy: "class=\"games-page\"").count - 1 == pages)
        for number in 1...pages {
            let page = GamesPage.render(results, number: number)
            #expect(page.utf8.count < Self.limit, "games page \(number): \(page.utf8.count) bytes")
            #expect(
                page.components(separatedBy: "class=\"replay-link\"").count - 1
                    == (number < pages ? GamesPage.pageSize : 12_175 - 6 * GamesPage.pageSize))
        }
        let busiest = results.standings.map(\.bot).max { a, b in
            history.games.count { $0.players.contains { $0.bot == a } } < history.games.count { $0.players.contains { $0.bot == b } }
        }
        let bot = try #require(busiest)
        let records = history.games.filter { $0.players.contains { $0.bot == bot } }
        #expect(records.count == 1_149)
        let page = BotPage.render(
            BotPage.Input(bot: bot, results: results, records: records, files: BotFileNames.assign(results), runFolder: "reports/big"))
        #expect(page.utf8.count < Self.limit, "bot page: \(page.utf8.count) bytes")
    }
}
