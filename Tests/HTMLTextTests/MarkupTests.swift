import Foundation
import HTMLText
import Testing

@Suite("Markup: HTML that escapes by default")
struct MarkupTests {
    @Test("an interpolated string is text: a script element in it stays text")
    func scriptIsText() {
        let name = "<script>alert(1)</script>"
        let row: Markup = "<td class=\"bot\">\(name)</td>"
        #expect(row.text == "<td class=\"bot\">&lt;script&gt;alert(1)&lt;/script&gt;</td>")
    }

    @Test("quotes cannot leave an attribute value, double or single")
    func attributeQuotes() {
        let hostile = "x\" onmouseover=\"alert(1)' data-y='"
        let cell: Markup = "<tr data-bot=\"\(hostile)\" title='\(hostile)'>"
        #expect(
            cell.text
                == "<tr data-bot=\"x&quot; onmouseover=&quot;alert(1)&#39; data-y=&#39;\" title='x&quot; onmouseover=&quot;alert(1)&#39; data-y=&#39;'>"
        )
    }

    @Test("a quote carrying a combining mark is still escaped, and other text is copied as is")
    func combiningMarks() {
        let name = "\"\u{301} onmouseover=x naïve 名前 🚢 e\u{301}"
        let markup: Markup = "<b title=\"\(name)\">"
        #expect(markup.text == "<b title=\"&quot;\u{301} onmouseover=x naïve 名前 🚢 e\u{301}\">")
        #expect(Array(markup.text.utf8) == Array("<b title=\"&quot;".utf8) + Array("\u{301} onmouseover=x naïve 名前 🚢 e\u{301}\">".utf8))
    }

    @Test("every special character at the ends, in a row, and an entity already written")
    func edges() {
        #expect(Markup(escaping: "&").text == "&amp;")
        #expect(Markup(escaping: "<>\"'&").text == "&lt;&gt;&quot;&#39;&amp;")
        #expect(Markup(escaping: "&amp;").text == "&amp;amp;")
        #expect(Markup(escaping: "a<b").text == "a&lt;b")
        #expect(Markup(escaping: "").text == "")
        #expect(Markup(escaping: "no specials").text == "no specials")
        #expect(Markup(escaping: "<x>"[...].dropFirst()).text == "x&gt;")
    }

    @Test("markup joins markup as is; numbers and other values go in as text")
    func composition() {
        let bot = "<i>b</i>"
        let link: Markup = "<a href=\"bots/b.html\">\(bot)</a>"
        var page: Markup = "<p>"
        page += link
        page += " \(42) \(-7) \(2.5) \(true) \(Character("<"))"
        page.append("</p>")
        #expect(page.text == "<p><a href=\"bots/b.html\">&lt;i&gt;b&lt;/i&gt;</a> 42 -7 2.5 true &lt;</p>")
        let cells: [Markup] = ["<td>\("1<2")</td>", "<td>\(3)</td>"]
        #expect(cells.joined().text == "<td>1&lt;2</td><td>3</td>")
        #expect(cells.joined(separator: "\n").text == "<td>1&lt;2</td>\n<td>3</td>")
        #expect(([] as [Markup]).joined(separator: ", ").isEmpty)
        #expect((link + "!").text == "<a href=\"bots/b.html\">&lt;i&gt;b&lt;/i&gt;</a>!")
    }

    @Test("raw markup goes in only when asked for by name")
    func raw() {
        let constant = "<br>"
        let markup: Markup = "a\(raw: constant)b\(constant)"
        #expect(markup.text == "a<br>b&lt;br&gt;")
        #expect(Markup.trusted("<hr>").text == "<hr>")
    }

    @Test("JSON for a script element: `</script>` and `<!--` in a string cannot end the element, and the data decodes back")
    func json() throws {
        let data = ["name": "</script><script>alert(1)</script><!--"]
        let json = String(decoding: try JSONEncoder().encode(data), as: UTF8.self)
        let page: Markup = "<script type=\"application/json\" id=\"d\">\(json: json)</script>"
        let body = page.text.dropFirst("<script type=\"application/json\" id=\"d\">".count).dropLast("</script>".count)
        #expect(!body.contains("<"))
        #expect(page.text.components(separatedBy: "</script>").count == 2)
        #expect(try JSONDecoder().decode([String: String].self, from: Data(body.utf8)) == data)
    }

    @Test("an embedded file is its text without the final line break, as is")
    func resource() {
        #expect(Markup.resource(Array("a{b:\"<c>\"}\n".utf8)).text == "a{b:\"<c>\"}")
        #expect(Markup.resource(Array("x\n\n".utf8)).text == "x\n")
        #expect(Markup.resource(Array("y".utf8)).text == "y")
        #expect(Markup.resource([]).isEmpty)
    }

    @Test("HTML.escape is Markup's escape")
    func sameEscape() {
        for text in ["<script>", "\"q\" & 'a'", "plain", "\"\u{301}", ""] {
            #expect(HTML.escape(text) == Markup(escaping: text).text)
        }
    }
}
