import Foundation
import HTMLText
import JSONCoding
import Reports
import Testing
import Tournament

@Suite("HTML escaping")
struct EscapingTests {
    static let hostile = ["<script>alert(1)</script>", "\"quoted\" & 'single' <b>", "</script><!-- x"]

    @Test("escape replaces the five special characters and leaves everything else")
    func escape() {
        #expect(HTML.escape("<script>alert(1)</script>") == "&lt;script&gt;alert(1)&lt;/script&gt;")
        #expect(HTML.escape("a & b \"c\" 'd'") == "a &amp; b &quot;c&quot; &#39;d&#39;")
        #expect(HTML.escape("&amp;") == "&amp;amp;")
        #expect(HTML.escape("plain naïve 名前 🚢") == "plain naïve 名前 🚢")
        #expect(HTML.escape("") == "")
        // A quote with a combining accent is one Character but still a quote to the browser.
        #expect(HTML.escape("\"\u{301} onmouseover=x") == "&quot;\u{301} onmouseover=x")
    }

    @Test("JSON for a script element has no `<` left, and still decodes to the same text")
    func scriptJSON() throws {
        let json = String(decoding: try JSONEncoder().encode(["name": "</script><script>alert(1)</script>"]), as: UTF8.self)
        let safe = HTML.scriptJSON(json)
        #expect(!safe.contains("<"))
        #expect(try JSONDecoder().decode([String: String].self, from: Data(safe.utf8)) == ["name": "</script><script>alert(1)</script>"])
    }

    @Test("hostile bot names appear escaped in index.html, never as markup")
    func indexPage() throws {
        let results = ResultsBuilder.build(
            config: Fixtures.config(names: Self.hostile), finished: Fixtures.finished(names: Self.hostile), generatedAt: Fixtures.generatedAt)
        let page = IndexPage.render(results)
        #expect(!page.contains("<script"))
        #expect(!page.contains("<b>\""))
        #expect(!page.contains("<!--"))
        #expect(page.contains("<tr data-bot=\"&lt;script&gt;alert(1)&lt;/script&gt;\">"))
        #expect(
            page.contains(
                "<td class=\"bot\"><a class=\"bot-link\" href=\"bots/quoted-single-b.html\">&quot;quoted&quot; &amp; &#39;single&#39; &lt;b&gt;</a></td>"
            ))
        #expect(page.components(separatedBy: "class=\"replay-link\"").count - 1 == 6)
    }

    @Test("hostile names in a replay page: escaped in the markup, `<` as \\u003c in the data, which decodes back")
    func replayPage() throws {
        let record = try #require(Fixtures.finished(names: Self.hostile).first { $0.index == 1 })
        var replay = ReplayBuilder.replay(of: record, tournament: "<img src=x onerror=alert(1)>")
        replay.gameName = "</script><script>alert(2)</script>"
        let page = ReplayPage.render(replay, indexLink: "../index.html")
        // Only the page's own two script elements.
        #expect(page.components(separatedBy: "<script").count - 1 == 2)
        #expect(!page.contains("alert(1)</script>") && !page.contains("<img"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        let start = try #require(page.range(of: "<script type=\"application/json\" id=\"replay-data\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let embedded = String(page[start.upperBound..<end.lowerBound])
        #expect(!embedded.contains("<"))
        #expect(try JSONFormat.decoder().decode(ReplayDocument.self, from: Data(embedded.utf8)) == replay)
    }

    /// The page with every hostile name, and no tag of a hostile string's left in it.
    static func expectNoInjection(_ page: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!page.contains("<script>alert"), sourceLocation: sourceLocation)
        #expect(!page.contains("<b>\""), sourceLocation: sourceLocation)
        #expect(!page.contains("<!--"), sourceLocation: sourceLocation)
        #expect(!page.contains("<img"), sourceLocation: sourceLocation)
    }

    @Test("hostile names in the pages of games, the table pages and the viewer: escaped, never markup")
    func largeRunPages() throws {
        var results = ResultsBuilder.build(
            config: Fixtures.config(names: Self.hostile), finished: Fixtures.finished(names: Self.hostile), generatedAt: Fixtures.generatedAt)
        results.tournament = "<img src=x onerror=alert(3)>"
        let games = GamesPage.render(results, number: 1)
        Self.expectNoInjection(games)
        #expect(games.contains("<title>Games 0–5 · &lt;img src=x onerror=alert(3)&gt;</title>"))
        #expect(games.contains("<td class=\"bot\">&quot;quoted&quot; &amp; &#39;single&#39; &lt;b&gt;"))
        for page in [TablePage.crosstable(results), TablePage.superiority(results), TablePage.shotsToWin(results)] {
            Self.expectNoInjection(page)
            #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        }
        #expect(TablePage.crosstable(results).contains("<th title=\"&lt;/script&gt;&lt;!-- x\">"))
        let viewer = ReplayViewerPage.render(tournament: results.tournament, indexLimit: 6)
        Self.expectNoInjection(viewer)
        #expect(viewer.contains("data-tournament=\"&lt;img src=x onerror=alert(3)&gt;\""))
        // Only the viewer's own script element.
        #expect(viewer.components(separatedBy: "<script").count - 1 == 1)
    }

    @Test("hostile folders, labels, reasons and logs of submissions: escaped in the index's Submissions section")
    func submissions() throws {
        var results = ResultsBuilder.build(
            config: Fixtures.config(names: Self.hostile), finished: Fixtures.finished(names: Self.hostile), generatedAt: Fixtures.generatedAt)
        results.submissions = ResultsDocument.SubmissionsSection(
            folder: "subs/<script>alert(4)</script>", buildsRun: 1, buildsSkipped: 0,
            entered: [
                ResultsDocument.EnteredSubmission(
                    bot: Self.hostile[0], folder: Self.hostile[0], label: "<b>\"label\"</b>", buildLog: "logs/\"><img src=x>.log", buildSkipped: true)
            ],
            notEntered: [
                ResultsDocument.NotEnteredSubmission(
                    folder: "x\" onclick=\"alert(5)", name: "<!-- n", reason: "</pre><script>alert(6)</script>", buildLog: nil)
            ]
        )
        let page = IndexPage.render(results)
        Self.expectNoInjection(page)
        #expect(page.contains("<p class=\"meta\">From <code>subs/&lt;script&gt;alert(4)&lt;/script&gt;</code>"))
        #expect(page.contains("<tr data-folder=\"x&quot; onclick=&quot;alert(5)\"><td class=\"bot\">x&quot; onclick=&quot;alert(5) (&lt;!-- n)</td>"))
        #expect(page.contains("<td class=\"bot reason\"><pre>&lt;/pre&gt;&lt;script&gt;alert(6)&lt;/script&gt;</pre></td>"))
        #expect(page.contains("<td class=\"bot label\">&lt;b&gt;&quot;label&quot;&lt;/b&gt;</td>"))
        #expect(
            page.contains(
                "<a class=\"build-log\" href=\"logs/&quot;&gt;&lt;img src=x&gt;.log\">build log</a> <span class=\"meta\">(build skipped: unchanged)</span>"
            ))
    }
}
