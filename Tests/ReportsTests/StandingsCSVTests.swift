import Foundation
import Reports
import SafeText
import Testing

/// The standings as CSV for grading: RFC 4180 quoting, one row per entry, exact values.
@Suite("standings.csv")
struct StandingsCSVTests {
    static func standing(_ rank: Int, _ bot: String, rating: ResultsDocument.Estimate?, forfeits: [String: Int] = [:]) -> ResultsDocument.Standing {
        ResultsDocument.Standing(
            rank: rank, bot: bot, rating: rating, games: 10, wins: 7 - rank, losses: 3 + rank, scorePercent: 0, meanShotsToWin: nil,
            forfeits: forfeits)
    }

    @Test(
        "a header and one CRLF row per entry; a submission's login beside its name, none for a listed bot; names with a comma, a quote or a line break are quoted, quotes doubled; a tie's ranks as 1 to 2; no rating leaves its cells empty"
    )
    func rows() {
        let standings = [
            Self.standing(
                1, "alice, the \"hunter\"", rating: .init(value: 112.44, standardError: 10, lower: 92.85, upper: 132.04),
                forfeits: ["timeout": 1, "crash": 2]),
            Self.standing(2, "bob\nsmith", rating: .init(value: -12, standardError: 10, lower: -31.6, upper: 7.6)),
            Self.standing(3, "carol", rating: nil),
        ]
        var withVersion = standings
        withVersion[2].version = "3f2a9c"
        withVersion[0].tie = .init(first: 1, last: 2)
        withVersion[1].tie = .init(first: 1, last: 2)
        let csv = StandingsCSV.text(withVersion)
        #expect(
            csv == """
                rank,name,login,version,rating,interval_low,interval_high,tied_ranks,games,wins,losses,forfeits,note\r
                1,"alice, the ""hunter\""",,,112.4,92.8,132.0,1 to 2,10,6,4,3,\r
                2,"bob
                smith",,,-12.0,-31.6,7.6,1 to 2,10,5,5,0,\r
                3,carol,carol,3f2a9c,,,,,10,4,6,0,\r

                """)
    }

    @Test(
        "with a class's roster: a student's roster name beside their login, and a row for each roster student who never entered, with no rank and a note saying so"
    )
    func roster() {
        var carol = Self.standing(1, "carol", rating: nil)
        carol.version = "3f2a9c"
        let csv = StandingsCSV.text([carol, Self.standing(2, "random", rating: nil)], roster: [("carol", "Carol Chen"), ("erin", "O'Brien, Erin")])
        #expect(
            csv == """
                rank,name,login,version,rating,interval_low,interval_high,tied_ranks,games,wins,losses,forfeits,note\r
                1,Carol Chen,carol,3f2a9c,,,,,10,6,4,0,\r
                2,random,,,,,,,10,5,5,0,\r
                ,"O'Brien, Erin",erin,,,,,,0,0,0,0,"never entered: no version played, no rank"\r

                """)
    }

    @Test("a field is quoted only when it must be")
    func quoting() {
        #expect(CSVText.cell("plain-name_1") == "plain-name_1")
        #expect(CSVText.cell("a\"b") == "\"a\"\"b\"")
        #expect(CSVText.cell("cr\rhere") == "\"cr\rhere\"")
        #expect(CSVText.cell("crlf\r\nhere") == "\"crlf\r\nhere\"")
    }

    @Test("a name a spreadsheet would run as a formula is written as text")
    func formula() {
        let csv = StandingsCSV.text([Self.standing(1, "=HYPERLINK(\"http://x\",\"y\")", rating: nil), Self.standing(2, "@cmd", rating: nil)])
        let rows = csv.split(separator: "\r\n").map(String.init)
        #expect(rows[1].hasPrefix("1,\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\","), "\(rows[1])")
        #expect(rows[2].hasPrefix("2,'@cmd,"), "\(rows[2])")
    }
}
