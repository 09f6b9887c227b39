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
        let results = ResultsBuilder.build(config: Fixtures.config(names: Self.hostile), finished: Fixtures.finished(names: Self.hostile), generatedAt: Fixtures.generatedAt)
        let page = IndexPage.render(results)
        #expect(!page.contains("<script"))
        #expect(!page.contains("<b>\""))
        #expect(!page.contains("<!--"))
        #expect(page.contains("<tr data-bot=\"&lt;script&gt;alert(1)&lt;/script&gt;\">"))
        #expect(page.contains("<td class=\"bot\"><a class=\"bot-link\" href=\"bots/quoted-single-b.html\">&quot;quoted&quot; &amp; &#39;single&#39; &lt;b&gt;</a></td>"))
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
}
