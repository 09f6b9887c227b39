import Foundation
import HTMLText
import Reports
import Testing

@testable import Arena

@Suite("The arena's pages escape what students and instructors named")
struct ArenaPagesTests {
    static let hostile = "</script><script>alert(1)</script>\"'&<!--"
    static let escaped = "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;&lt;!--"

    @Test("a hostile tournament and bot name: escaped in the leaderboard's markup, `<` as \\u003c in its data")
    func leaderboard() throws {
        let standing = ResultsDocument.Standing(
            rank: 1, bot: Self.hostile, rating: nil, games: 2, wins: 1, losses: 1, scorePercent: 50, meanShotsToWin: nil, forfeits: [:])
        let document = ArenaStandings.Document(tournament: Self.hostile, generatedAt: nil, games: 2, standings: [standing])
        let page = ArenaLeaderboardPage.render(document, chart: Markup())
        #expect(page.contains("<title>\(Self.escaped): leaderboard</title>"))
        #expect(page.contains("<tr><td>1</td><td>\(Self.escaped)</td><td>–</td><td>2</td><td>1</td><td>50.0</td></tr>"))
        #expect(page.contains("<p id=\"no-history\""))
        // The page's two script elements only, and the data cannot close its own.
        #expect(page.components(separatedBy: "<script").count - 1 == 2)
        #expect(page.components(separatedBy: "</script>").count - 1 == 2)
        #expect(!page.contains("<!--"))
        let start = try #require(page.range(of: "<script id=\"data\" type=\"application/json\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let data = try JSONDecoder().decode(Standings.self, from: Data(page[start.upperBound..<end.lowerBound].utf8))
        #expect(data.tournament == Self.hostile && data.standings.map(\.bot) == [Self.hostile])
    }

    @Test("a statistical tie: the rank cell names its ranks as the report's index does, the data holds it, the script writes it on refresh")
    func tie() throws {
        func standing(_ rank: Int, _ bot: String, tie: ResultsDocument.Standing.Tie?) -> ResultsDocument.Standing {
            let rating = ResultsDocument.Estimate(value: 1600 - 10 * Double(rank), standardError: 40, lower: 1520, upper: 1680)
            return .init(
                rank: rank, bot: bot, rating: rating, games: 20, wins: 10, losses: 10, scorePercent: 50, meanShotsToWin: 50, forfeits: [:], tie: tie)
        }
        let tie = ResultsDocument.Standing.Tie(first: 2, last: 3)
        let document = ArenaStandings.Document(
            tournament: "cs101", generatedAt: nil, games: 30,
            standings: [standing(1, "alice", tie: nil), standing(2, "bob", tie: tie), standing(3, "carol", tie: tie)])
        let page = ArenaLeaderboardPage.render(document, chart: Markup())
        #expect(page.contains("<tr><td>1</td><td>alice</td>"))
        let cell = "<td>2 <span class=\"tie\" title=\"ranks 2 to 3 cannot be told apart at 95%\">tied 2–3</span></td><td>bob</td>"
        #expect(page.contains(cell) && page.components(separatedBy: ">tied 2–3</span>").count - 1 == 2)
        #expect(page.contains("<p class=\"note\" id=\"ties\">Ranks marked “tied 3–5” cannot be told apart at 95%"))
        let start = try #require(page.range(of: "<script id=\"data\" type=\"application/json\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let data = try JSONDecoder().decode(ArenaStandings.Document.self, from: Data(page[start.upperBound..<end.lowerBound].utf8))
        #expect(data.standings.map(\.tie) == [nil, tie, tie])
        #expect(ArenaLeaderboardPage.script.text.contains("tie.textContent = \"tied \" + s.tie.first + \"–\" + s.tie.last;"))
    }

    @Test("a hostile tournament name on the upload page: escaped; the page's script is the one embedded")
    func upload() {
        let page = ArenaUploadPage.render(tournament: Self.hostile, uploadMB: 8)
        #expect(page.contains("<h1>Upload your bot to \(Self.escaped)</h1>"))
        #expect(page.components(separatedBy: "<script").count - 1 == 1)
        #expect(page.contains("<script>\n" + ArenaUploadPage.script.text + "\n</script>"))
        #expect(ArenaUploadPage.script.text.contains("span.textContent = (line.passed ? \"PASS  \" : \"FAIL  \") + line.name + \"\\n    \""))
    }

    /// What the leaderboard's data holds, as its script reads it.
    struct Standings: Decodable {
        struct Row: Decodable { var bot: String }
        var tournament: String
        var standings: [Row]
    }
}
