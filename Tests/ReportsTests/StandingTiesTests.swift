import Foundation
import JSONCoding
import Testing
import Tournament

@testable import Reports

/// Statistical ties in the standings: results.json's `tie`, standings.csv's `tied_ranks`, and
/// the pages' "tied 2–3" (docs/scoring.md, "Ties").
@Suite("Statistical ties in results.json, standings.csv and the pages")
struct StandingTiesTests {
    static let names = ["alpha", "bravo", "charlie", "delta"]

    /// Four built-ins, 40 games a pairing.
    static func config() -> TournamentConfig {
        var config = Fixtures.config()
        config.bots = names.map { BotEntry(name: $0, kind: .builtin(.density)) }
        config.gamesPerPairing = 40
        config.sprt = nil
        return config
    }

    /// 40 games of each pairing, each side moving first in half of its wins and of its losses:
    /// alpha wins 39 of 40 against everyone, bravo and charlie 20 each against each other, and
    /// delta loses 39 of 40 to everyone. bravo and charlie are even, alpha far above them and
    /// delta far below.
    static func records() -> [GameRecord] {
        var records: [GameRecord] = []
        func pairing(_ a: String, _ b: String, aWins: Int) {
            for game in 0..<40 {
                let aFirst = game % 2 == 0
                let aWon = game < aWins
                let (first, second) = aFirst ? (a, b) : (b, a)
                records.append(Fixtures.game(records.count, first, second, winnerSeat: aFirst == aWon ? 0 : 1, winnerMisses: 20))
            }
        }
        pairing("alpha", "bravo", aWins: 39)
        pairing("alpha", "charlie", aWins: 39)
        pairing("alpha", "delta", aWins: 39)
        pairing("bravo", "charlie", aWins: 20)
        pairing("bravo", "delta", aWins: 39)
        pairing("charlie", "delta", aWins: 39)
        return records
    }

    static let results = ResultsBuilder.build(config: config(), finished: records(), generatedAt: Fixtures.generatedAt)

    @Test("two even bots between a far better and a far worse one share the tie of their ranks; the two others have none")
    func builder() throws {
        let standings = Self.results.standings
        #expect(standings.map(\.bot) == Self.names && standings.map(\.rank) == [1, 2, 3, 4])
        #expect(standings.allSatisfy { $0.rating != nil })
        #expect(standings.map(\.tie) == [nil, .init(first: 2, last: 3), .init(first: 2, last: 3), nil])
    }

    @Test("ties chain: with a few games every neighbour is within its interval, and the whole table is one tie")
    func chain() {
        let results = ResultsBuilder.build(config: Fixtures.config(), finished: Fixtures.finished(), generatedAt: Fixtures.generatedAt)
        #expect(results.standings.map(\.tie) == Array(repeating: .init(first: 1, last: 3), count: 3))
        let none = ResultsBuilder.build(config: Fixtures.config(), finished: [], generatedAt: Fixtures.generatedAt)
        #expect(none.standings.count == 3 && none.standings.allSatisfy { $0.tie == nil })
    }

    @Test("a bot without a rating is never tied, and parts the run of its neighbours")
    func withoutRating() throws {
        let board = ResultsTally(config: Self.config(), history: GameHistory(finished: Self.records())).board
        let ratings = try #require(board.ratings())
        var standings = ResultsBuilder.standings(board, ratings: ratings)
        #expect(ResultsBuilder.ties(standings, ratings: ratings).keys.sorted() == [1, 2])
        standings[1].rating = nil
        #expect(ResultsBuilder.ties(standings, ratings: ratings).isEmpty)
    }

    @Test("results.json holds `tie` as {first, last} only for the tied, and reads it back")
    func json() throws {
        let data = try JSONFormat.file(Self.results)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let rows = try #require(object["standings"] as? [[String: Any]])
        #expect(rows.map { $0["tie"] as? [String: Int] } == [nil, ["first": 2, "last": 3], ["first": 2, "last": 3], nil])
        #expect(rows.map { $0.keys.contains("tie") } == [false, true, true, false])
        let read = try JSONFormat.decoder().decode(ResultsDocument.self, from: data)
        #expect(read.standings == Self.results.standings)
    }

    @Test("standings.csv: tied_ranks after the interval, `2 to 3` for the tied, empty for the others")
    func csv() {
        let rows = StandingsCSV.text(Self.results.standings).components(separatedBy: "\r\n").map { $0.components(separatedBy: ",") }
        #expect(rows[0][7] == "tied_ranks" && rows[0][6] == "interval_high")
        #expect(rows[1...4].map { $0[7] } == ["", "2 to 3", "2 to 3", ""])
    }

    @Test("index.html: the rank cell names the tie, and a note under the table says what a tie means; a bot's page says it too")
    func pages() throws {
        let index = IndexPage.render(Self.results)
        #expect(index.contains("<tr data-bot=\"alpha\"><td>1</td>"))
        let tie = "<span class=\"tie\" title=\"ranks 2 to 3 cannot be told apart at 95%\">tied 2–3</span>"
        #expect(index.contains("<tr data-bot=\"bravo\"><td>2 \(tie)</td>"))
        #expect(index.contains("<tr data-bot=\"charlie\"><td>3 \(tie)</td>"))
        #expect(index.contains("<tr data-bot=\"delta\"><td>4</td>"))
        #expect(index.components(separatedBy: "tied 2–3").count - 1 == 2)
        #expect(index.contains("<p class=\"note\" id=\"ties\">Ranks marked “tied 3–5” cannot be told apart at 95%"))
        let records = Self.records()
        let files = BotFileNames.assign(Self.results)
        func page(_ bot: String) -> String {
            BotPage.render(BotPage.Input(bot: bot, results: Self.results, records: records, files: files, runFolder: "r"))
        }
        #expect(page("charlie").contains("<td class=\"bot\">3 of 4, <span class=\"tie\">tied 2–3</span> (cannot be told apart at 95%)</td>"))
        #expect(page("alpha").contains("<td class=\"bot\">1 of 4</td>"))
    }
}
